import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../domain/errors';

/**
 * zod validation for a route with the API's one error shape: the first problem is the message,
 * every problem is in details. Nothing downstream runs on invalid input.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = issues[0];
      throw new DomainError('validation_failed', first ? first.message : 'Invalid input', issues);
    }
  });
