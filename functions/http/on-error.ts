import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../domain/errors';
import { STATUS } from './errors';
import type { AppEnv } from './types';

/** The API's one error handler: a known error keeps its status and message; anything else is a 500 with no details. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof DomainError) return c.json(err.toBody(), STATUS[err.code]);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthorized' : 'bad_request';
    return c.json({ error: { code, message: err.message || 'Bad request' } }, status);
  }
  console.error(`[${c.get('requestId') ?? '-'}] ${c.req.method} ${c.req.path}:`, err);
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}
