import { DomainError } from '../../../domain/errors';

/** A 400 naming each field's problem, the first one as the message. */
export const validationFailed = (errors: { field: string; message: string }[]) =>
  new DomainError(
    'validation_failed',
    errors[0]?.message ?? 'Invalid input',
    errors.map((e) => ({ path: e.field, message: e.message })),
  );
