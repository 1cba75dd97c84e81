export { call } from './worker-call';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely and assert on them.
type Loose = any;

/** A response body as JSON, for assertions. */
export const body = async (res: Response): Promise<Loose> => (await res.json()) as Loose;
