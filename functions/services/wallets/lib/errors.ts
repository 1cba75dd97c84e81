import { DomainError } from '../../../domain/errors';
import { fillText, TEXT } from '../../../domain/texts';

/** Too many sign-in nonces asked for: the route adds Retry-After from `retryAfterSeconds`. */
export class NonceRateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', fillText(TEXT.walletTooManyNonces, { seconds: String(retryAfterSeconds) }));
  }
}
