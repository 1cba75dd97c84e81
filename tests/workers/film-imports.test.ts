import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { auditLog, uploads } from '../../functions/db/schema';
import { DomainError } from '../../functions/domain/errors';
import { SCRAPER_TEXT } from '../../functions/domain/scraper/texts';
import type { SynopsisWriter } from '../../functions/platform/synopsis';
import { importFilmPage } from '../../functions/services/scraper';
import { FIXTURE_FILM as F, fixtureFetch } from '../support/scraper-pages';
import { asViewer, jsonInit, makeUser, type TestUser } from './factories';
import { call, env, testDeps } from './worker-call';

/*
 * Issue 47: importing a film's details (docs/film-import.md). The verb fetches through a fetch that
 * answers the sample pages at the wire for a public-looking festival site: nothing here opens a socket.
 * The address rules and the real loopback fixture server: tests/unit/scraper-*.test.ts and tests/e2e/scraper.test.ts.
 */
const SITE = 'https://festival.example.com';
const fetcher = { fetch: fixtureFetch(SITE) };
let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);
const fake: SynopsisWriter = {
  draft: async (text, title) => (text.includes('forty days') ? `${title} in two sentences. It is a fake.` : null),
};

beforeAll(async () => {
  admin = await makeUser(['admin'], 'imp_admin');
});

const auditOf = (id: string) => getDb(env).select().from(auditLog).where(eq(auditLog.resourceId, id)).all();

describe('importing a film from its page', () => {
  it('reads each field from the most specific source, copies the poster into storage and audits the import', async () => {
    const result = await importFilmPage(
      testDeps({ synopsis: fake }),
      adminV(),
      { url: `${SITE}/redirect-once` },
      fetcher,
    );
    expect(result.url).toBe(`${SITE}/jsonld.html`);
    expect(result.details.title).toEqual({ value: F.title, source: 'schema.org Movie (JSON-LD)' });
    expect(result.details.runtimeSeconds?.value).toBe(F.runtimeSeconds);
    expect(result.details.year?.value).toBe(F.year);
    expect(result.synopsis).toBe(`${F.title} in two sentences. It is a fake.`);
    expect(result.posterProblem).toBeNull();
    const uploadId = result.poster?.uploadId ?? '';
    expect(result.poster).toMatchObject({ type: 'image/png', width: 2, height: 3 });
    const row = await getDb(env).select().from(uploads).where(eq(uploads.id, uploadId)).get();
    expect(row).toMatchObject({ ownerId: admin.id, kind: 'poster', status: 'completed', contentType: 'image/png' });
    expect((await env.MEDIA.get(row?.r2Key ?? ''))?.size).toBe(result.poster?.bytes);
    const [audit] = await auditOf(result.id);
    expect(audit).toMatchObject({ actorId: admin.id, verb: 'importFilmPage', resourceType: 'film-import' });
    expect(audit?.summary).toContain(`${SITE}/jsonld.html`);
    expect(audit?.summary).toContain(F.title);
    expect(audit?.summary).toContain(`poster saved as upload ${uploadId}`);
  });

  it('works the same without an AI binding, minus the synopsis', async () => {
    const result = await importFilmPage(testDeps(), adminV(), { url: `${SITE}/microdata.html` }, fetcher);
    expect(result.synopsis).toBeNull();
    expect(result.details.title?.source).toBe('schema.org Movie (microdata)');
    expect(result.poster?.type).toBe('image/png');
  });

  it('keeps the import when the poster is not an image, saying why, and stores nothing', async () => {
    const result = await importFilmPage(testDeps(), adminV(), { url: `${SITE}/not-an-image.html` }, fetcher);
    expect(result.poster).toBeNull();
    expect(result.posterProblem?.startsWith(`${SCRAPER_TEXT.at.poster}: `)).toBe(true);
    const [audit] = await auditOf(result.id);
    expect(audit?.summary).toContain('no poster saved');
  });

  it('refuses an oEmbed endpoint at a metadata address, with no audit row', async () => {
    const err = await importFilmPage(testDeps(), adminV(), { url: `${SITE}/oembed-private.html` }, fetcher).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err.message).toBe(`${SCRAPER_TEXT.at.oembed}: ${SCRAPER_TEXT.privateAddress}`);
  });

  it.each([
    ['http://localhost/film', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.localName}`],
    ['http://2130706433/film', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.privateAddress}`],
    ['http://[::ffff:169.254.169.254]/', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.privateAddress}`],
    ['https://user:pw@festival.example.com/', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.credentials}`],
    ['https://festival.example.com:8443/', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.port}`],
    ['file:///etc/passwd', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.scheme}`],
  ])('through the API, refuses %s before fetching it with its own message', async (url, message) => {
    const res = await call('/api/admin/film-imports', jsonInit('POST', { url }, admin.cookie));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'validation_failed', message });
  });

  it('is for admins only', async () => {
    const creator = await makeUser(['contributor'], 'imp_creator');
    const res = await call('/api/admin/film-imports', jsonInit('POST', { url: `${SITE}/jsonld.html` }, creator.cookie));
    expect(res.status).toBe(403);
  });
});
