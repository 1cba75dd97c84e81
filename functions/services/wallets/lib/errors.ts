import { fillText, TEXT } from '../../../domain/texts';
import { ApiError } from '../../../http/errors';

/** Too many sign-in nonces asked for: the route adds Retry-After from `retryAfterSeconds`. */
export class NonceRateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', fillText(TEXT.walletTooManyNonces, { seconds: String(retryAfterSeconds) }));
  }
}
