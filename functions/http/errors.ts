import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../domain/errors';

/** The HTTP status of each error code: the one place a domain error becomes HTTP (functions/http/on-error.ts). */
export const STATUS = {
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
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;
