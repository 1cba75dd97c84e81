import { z } from 'zod';
import type { TestStripe } from './actions';

/** What the TEST responder's endpoints share: Stripe's error shape and its parameter rules. */

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }
  body() {
    return { error: { type: this.extra.type ?? 'invalid_request_error', message: this.message, ...this.extra } };
  }
}

/** A missing object named in the path is a 404; one named by a parameter, a 400 (as Stripe answers). */
export const missing = (what: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${what}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

export const metadata = z
  .record(z.string().max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'metadata takes at most 50 keys');
export const int = z.coerce.number().int();
export const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toLowerCase());
/** Stripe refuses parameters it does not know; so does this responder (it knows the ones we send). */
export const params = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, expand: z.array(z.string()).optional() });

export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = (issue?.path ?? []).map(String);
  const param = path.length
    ? path[0] +
      path
        .slice(1)
        .map((p) => `[${p}]`)
        .join('')
    : undefined;
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const name = param ? `${param}[${key}]` : key;
    throw new StripeApiError(400, `Received unknown parameter: ${name}`, { param: name });
  }
  throw new StripeApiError(400, `Invalid ${param ?? 'request'}: ${issue?.message ?? 'invalid value'}`, {
    code: 'parameter_invalid',
    ...(param ? { param } : {}),
  });
}

export interface Call {
  deps: TestStripe;
  body: Record<string, unknown>;
  match: RegExpMatchArray;
  /** Seed for the ids of what this call creates: its idempotency key, so retries make the same object. */
  seed: string;
}

export type Handler = (call: Call) => Promise<unknown>;

export type Route = [method: string, path: RegExp, handler: Handler];
