import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRAPER_TEXT } from '../../functions/domain/scraper/texts';
import { FetchRefused, safeFetch } from '../../functions/services/scraper/internal/safe-fetch';
import { freePort } from '../support/ports';
import { type FixtureServer, startFixtureServer } from '../support/scraper-fixtures';

/**
 * The importer's fetcher against the loopback fixture server, allowed by the test-only setting. Every
 * refused redirect is refused before it is requested: no test connects to a private range (the fetch
 * below counts every address it is asked for).
 */
let fixture: FixtureServer;
let otherPort: number;
const asked: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  asked.push(String(input instanceof Request ? input.url : input));
  return fetch(input, init);
};

beforeAll(async () => {
  otherPort = await freePort();
  fixture = await startFixtureServer(otherPort);
});
afterAll(() => fixture.close());

const get = (path: string, kind: 'html' | 'image' | 'json' = 'html', limits = {}) =>
  safeFetch(`${fixture.base}${path}`, kind, 'page', { allow: fixture.hostPort, fetch: countingFetch, limits });

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  return err as FetchRefused;
}

describe('the importer’s fetcher', () => {
  it('fetches an allowed page and follows up to 3 redirects', async () => {
    const page = await get('/redirect-once');
    expect(page.url).toBe(`${fixture.base}/jsonld.html`);
    expect(new TextDecoder().decode(page.body)).toContain('schema.org');
    const far = await get('/redirect-2'); // 2 → 3 → 4 → page: three redirects
    expect(far.url).toBe(`${fixture.base}/jsonld.html`);
  });

  it('refuses a fourth redirect', async () => {
    const err = await refusal(get('/redirect-1'));
    expect(err.reason).toBe('tooManyRedirects');
    expect(err.message).toBe(`${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.tooManyRedirects}`);
  });

  it.each([
    ['/redirect-other-port', 'port'],
    ['/redirect-other-loopback', 'port'],
    ['/redirect-localhost', 'port'],
    ['/redirect-private', 'privateAddress'],
    ['/redirect-metadata', 'privateAddress'],
    ['/redirect-ftp', 'scheme'],
  ])('refuses the redirect of %s before requesting it (%s)', async (path, reason) => {
    asked.length = 0;
    const err = await refusal(get(path));
    expect(err.reason).toBe(reason);
    expect(err.message.startsWith(SCRAPER_TEXT.at.redirect)).toBe(true);
    // Only the fixture's own address was ever requested.
    expect(asked).toEqual([`${fixture.base}${path}`]);
  });

  it('refuses the first address without the test setting, and any other address with it', async () => {
    asked.length = 0;
    const err = await refusal(safeFetch(`${fixture.base}/jsonld.html`, 'html', 'page', { fetch: countingFetch }));
    expect(err.reason).toBe('port');
    expect(err.message).toBe(`${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.port}`);
    const viaName = await refusal(
      safeFetch('http://localhost/', 'html', 'oembed', { allow: fixture.hostPort, fetch: countingFetch }),
    );
    expect(viaName.message).toBe(`${SCRAPER_TEXT.at.oembed}: ${SCRAPER_TEXT.localName}`);
    expect(asked).toEqual([]);
  });

  it('stops reading a huge body at 2 MB', async () => {
    const err = await refusal(get('/huge.html'));
    expect(err.reason).toBe('tooLarge');
    expect(err.message).toBe(`${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.tooLarge}`);
  });

  it('gives up on a body that stops coming at the deadline', async () => {
    // The deadline is 10 s in the product; the same code with a short one keeps the test quick.
    const err = await refusal(get('/slow.html', 'html', { timeoutMs: 300 }));
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe(`${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.timeout}`);
  });

  it('takes only HTML for a page and only images for a poster', async () => {
    expect((await refusal(get('/data.json'))).message).toBe(
      `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.wrongType('application/json')}`,
    );
    expect((await refusal(get('/jsonld.html', 'image'))).reason).toBe('wrongType');
    expect((await get('/poster.png', 'image')).contentType).toBe('image/png');
    expect((await refusal(get('/missing.html'))).message).toBe(`${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.status(404)}`);
  });
});
