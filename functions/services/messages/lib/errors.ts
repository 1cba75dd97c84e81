import { DomainError } from '../../../domain/errors';

/** Too many messages sent: the route adds Retry-After from `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}
