import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { invalidInput } from '../domain/input';

/**
 * zod validation for a route with the API's one error shape (functions/domain/input.ts), using the
 * schema its verb checks again. Nothing downstream runs on invalid input.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error.issues);
  });
