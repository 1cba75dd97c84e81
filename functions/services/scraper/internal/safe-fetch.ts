import { classifyAddress, type Refusal } from '../../../domain/scraper/address';
import { SCRAPER_TEXT } from '../../../domain/scraper/texts';

/** docs/film-import.md, "Safe fetching": at most 3 redirects, 10 s and 2 MB for each fetch. */
export const FETCH_LIMITS = { redirects: 3, timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

export type FetchStage = keyof typeof SCRAPER_TEXT.at;
export type FetchKind = 'html' | 'image' | 'json';

/** The fetch was refused or failed: `message` says where (the address, a redirect, …) and why. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly stage: FetchStage,
    readonly reason:
      | Refusal
      | 'tooManyRedirects'
      | 'badRedirect'
      | 'timeout'
      | 'tooLarge'
      | 'wrongType'
      | 'status'
      | 'unreachable',
    detail: string,
  ) {
    super(`${SCRAPER_TEXT.at[stage]}: ${detail}`);
  }
}

export interface Fetched {
  /** The address that answered, after redirects. */
  url: string;
  contentType: string;
  body: Uint8Array;
}

export interface SafeFetchOptions {
  /** The tests' single allowed host:port (SCRAPER_TEST_ALLOW); null in production. */
  allow?: string | null;
  fetch?: typeof fetch;
  limits?: Partial<typeof FETCH_LIMITS>;
}

// The oEmbed endpoint answers JSON; the page HTML; the poster an image (its bytes decide later).
const ACCEPTED: Record<FetchKind, (type: string) => boolean> = {
  html: (t) => t === 'text/html' || t === 'application/xhtml+xml',
  image: (t) => t.startsWith('image/'),
  json: (t) => t === 'application/json' || t === 'application/json+oembed' || t === 'text/javascript',
};
const ACCEPT_HEADER: Record<FetchKind, string> = {
  html: 'text/html,application/xhtml+xml',
  image: 'image/jpeg,image/png,image/webp',
  json: 'application/json',
};

/**
 * GET `address` under the importer's rules: every address (the first and each redirect, followed by
 * hand) is classified before it is requested; the whole fetch, redirects and body included, has one
 * deadline; the body is read as a stream and abandoned past the size limit.
 */
export async function safeFetch(
  address: string,
  kind: FetchKind,
  stage: FetchStage,
  options: SafeFetchOptions = {},
): Promise<Fetched> {
  const limits = { ...FETCH_LIMITS, ...options.limits };
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  let current = address;
  let where: FetchStage = stage;
  try {
    for (let hop = 0; ; hop++) {
      const verdict = classifyAddress(current, options.allow);
      if (!verdict.ok) throw new FetchRefused(where, verdict.refusal, SCRAPER_TEXT[verdict.refusal]);
      let response: Response;
      try {
        response = await doFetch(verdict.url.href, {
          redirect: 'manual',
          signal: controller.signal,
          headers: { accept: ACCEPT_HEADER[kind], 'user-agent': 'Reelfund film importer' },
        });
      } catch {
        throw controller.signal.aborted
          ? new FetchRefused(where, 'timeout', SCRAPER_TEXT.timeout)
          : new FetchRefused(where, 'unreachable', SCRAPER_TEXT.unreachable);
      }
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel().catch(() => {});
        if (hop >= limits.redirects) throw new FetchRefused(where, 'tooManyRedirects', SCRAPER_TEXT.tooManyRedirects);
        const location = response.headers.get('location');
        let next: string;
        try {
          next = new URL(location ?? '', verdict.url).href;
        } catch {
          throw new FetchRefused('redirect', 'badRedirect', SCRAPER_TEXT.badRedirect);
        }
        if (!location) throw new FetchRefused('redirect', 'badRedirect', SCRAPER_TEXT.badRedirect);
        current = next;
        where = 'redirect';
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new FetchRefused(where, 'status', SCRAPER_TEXT.status(response.status));
      }
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!ACCEPTED[kind](contentType)) {
        await response.body?.cancel().catch(() => {});
        throw new FetchRefused(where, 'wrongType', SCRAPER_TEXT.wrongType(contentType));
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > limits.maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw new FetchRefused(where, 'tooLarge', SCRAPER_TEXT.tooLarge);
      }
      const body = await readLimited(response, limits.maxBytes, controller.signal, where);
      return { url: verdict.url.href, contentType, body };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The body, read chunk by chunk; refused (and the stream cancelled) as soon as it passes `max`. */
async function readLimited(response: Response, max: number, signal: AbortSignal, where: FetchStage) {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => {});
        throw new FetchRefused(where, 'tooLarge', SCRAPER_TEXT.tooLarge);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    throw signal.aborted
      ? new FetchRefused(where, 'timeout', SCRAPER_TEXT.timeout)
      : new FetchRefused(where, 'unreachable', SCRAPER_TEXT.unreachable);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
