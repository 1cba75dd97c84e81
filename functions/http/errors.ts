import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  upgrade_required: 426,
  rate_limited: 429,
  weak_password: 400,
  wrong_password: 400,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS;

/** The one error type of the API; its body is always `{ error: { code, message } }`. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(STATUS[code], { message });
    this.code = code;
    this.details = details;
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const notFound = (what = 'Not found') => new ApiError('not_found', what);
export const forbidden = (message = 'You do not have permission to do that') => new ApiError('forbidden', message);
export const unauthorized = (message = 'Sign in to continue') => new ApiError('unauthorized', message);
export const conflict = (message: string) => new ApiError('conflict', message);
export const badRequest = (message: string, details?: unknown) => new ApiError('bad_request', message, details);
