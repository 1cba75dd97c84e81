/**
 * The one error verbs, rules and routes throw: a code and a message people can read (and, for
 * invalid input, which fields). functions/http/on-error.ts maps it to the response
 * `{ error: { code, message } }` with the code's HTTP status (functions/http/errors.ts).
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'upgrade_required',
  'rate_limited',
  'weak_password',
  'wrong_password',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const notFound = (what = 'Not found') => new DomainError('not_found', what);
export const forbidden = (message = 'You do not have permission to do that') => new DomainError('forbidden', message);
export const unauthorized = (message = 'Sign in to continue') => new DomainError('unauthorized', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const badRequest = (message: string, details?: unknown) => new DomainError('bad_request', message, details);
