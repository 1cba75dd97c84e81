import type { z } from 'zod';
import { DomainError } from './errors';

/** Invalid input as the API reports it: the first problem is the message, every problem is in details. */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DomainError {
  const details = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return new DomainError('validation_failed', details[0]?.message ?? 'Invalid input', details);
}

/**
 * A verb's input checked against the schema declared for it (functions/domain/<feature>/input.ts):
 * the parsed value, or `validation_failed`. Every verb that takes input calls this right after
 * authorizing, so a page, a job or a Durable Object calling the verb gets the route's checks; the
 * route validates with the same schema (functions/http/validate.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}
