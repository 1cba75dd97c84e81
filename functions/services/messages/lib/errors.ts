import { ApiError } from '../../../http/errors';

/** Too many messages sent: the route adds Retry-After from `retryAfterSeconds`. */
export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}
