import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_SEPOLIA_ID } from '../../functions/domain/chains/info';
import { siweMessage } from '../support/siwe';
import { jsonInit, makeUser, ORIGIN, type TestUser } from './factories';
import { type FilmView, makeFilm, uploadVideo } from './films-support';
import { call } from './worker-call';

/** GET /api/admin/audit: who changed what, newest first, paged and filtered (admins only). */

interface AuditItem {
  id: string;
  at: string;
  actor: { kind: 'user' | 'system' | 'anyone'; id: string | null; username?: string };
  verb: string;
  resourceType: string;
  resourceId: string;
  summary: string;
}
interface AuditPage {
  items: AuditItem[];
  nextCursor: string | null;
}

const audit = (query: Record<string, string>, cookie?: string) =>
  call(`/api/admin/audit?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });

let admin: TestUser;
let creator: TestUser;

async function listed(query: Record<string, string>) {
  const res = await audit(query, admin.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditPage;
}

/** Every row that matches, page after page of `limit`. */
async function allPages(query: Record<string, string>, limit: number) {
  const items: AuditItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const body: AuditPage = await listed({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('paging did not end');
}

const newestFirst = (items: AuditItem[]) =>
  [...items].sort((a, b) => b.at.localeCompare(a.at) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0));

const approve = (user: TestUser, id: string) => call(`/api/films/${id}/approve`, jsonInit('POST', {}, user.cookie));
const setGate = (user: TestUser, comingSoonEnabled: boolean) =>
  call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled }, user.cookie));

let film: FilmView;
beforeAll(async () => {
  admin = await makeUser(['admin'], 'audit_admin');
  creator = await makeUser(['contributor'], 'audit_creator');
  film = await makeFilm(creator);
  expect((await approve(admin, film.id)).status).toBe(200);
  expect((await setGate(admin, false)).status).toBe(200);
});

describe('the audit list', () => {
  it("shows an admin's film approval and site-settings change, newest first, with actor, verb and resource", async () => {
    const { items } = await listed({ actor: admin.id });
    expect(items).toEqual(newestFirst(items));
    const approval = items.find((i) => i.verb === 'approveFilm');
    const settings = items.find((i) => i.verb === 'updateSiteSettings');
    expect(approval).toMatchObject({
      actor: { kind: 'user', id: admin.id, username: admin.username },
      resourceType: 'film',
      resourceId: film.id,
      summary: `Approved film “${film.title}”`,
    });
    expect(settings).toMatchObject({
      actor: { kind: 'user', id: admin.id, username: admin.username },
      resourceType: 'site-settings',
      summary: 'Site settings: gate off',
    });
    // The settings change came after the approval: it is listed first.
    expect(items.indexOf(settings as AuditItem)).toBeLessThan(items.indexOf(approval as AuditItem));
    expect(Date.parse(settings?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(approval?.at ?? ''));
  });

  it('pages with a cursor: every row once, in order, whatever the page size', async () => {
    const second = await makeFilm(creator);
    expect((await approve(admin, second.id)).status).toBe(200);
    expect((await setGate(admin, false)).status).toBe(200);
    const whole = (await listed({ actor: admin.id, limit: '100' })).items;
    expect(whole.length).toBeGreaterThanOrEqual(4);

    const first = await listed({ actor: admin.id, limit: '1' });
    expect(first.items).toEqual(whole.slice(0, 1));
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await listed({ actor: admin.id, limit: '100', cursor: first.nextCursor as string });
    expect(rest.items).toEqual(whole.slice(1));
    expect(rest.nextCursor).toBeNull();

    for (const limit of [1, 2, 3]) {
      const paged = await allPages({ actor: admin.id }, limit);
      expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id));
      expect(new Set(paged.map((i) => i.id)).size).toBe(paged.length);
    }
  });

  it('narrows by actor (a user id), resource and verb', async () => {
    const everything = await allPages({}, 100);
    const mine = (await listed({ actor: creator.id })).items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(everything.length);
    expect(mine.every((i) => i.actor.id === creator.id)).toBe(true);
    expect(mine.map((i) => i.verb)).toEqual(expect.arrayContaining(['signUp', 'createFilm']));

    const ofFilm = (await listed({ resourceType: 'film', resourceId: film.id })).items;
    expect(ofFilm.map((i) => i.verb).sort()).toEqual(['approveFilm', 'createFilm']);

    const settings = (await listed({ resourceType: 'site-settings' })).items;
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.every((i) => i.resourceType === 'site-settings')).toBe(true);

    const approvals = (await listed({ verb: 'approveFilm' })).items;
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.length).toBeLessThan(everything.length);
    expect(approvals.every((i) => i.verb === 'approveFilm')).toBe(true);

    expect((await listed({ actor: 'nobody-at-all' })).items).toEqual([]);
  });

  it("records a new account's role, the account as its actor", async () => {
    const newcomer = await makeUser([], 'audit_newcomer');
    const { items } = await listed({ actor: newcomer.id });
    expect(items).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: newcomer.id, username: newcomer.username },
        verb: 'signUp',
        resourceType: 'user',
        resourceId: newcomer.id,
        summary: `New account @${newcomer.username} with the role viewer`,
      }),
    ]);
  });

  it('refuses bad input with 400', async () => {
    const bad: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { cursor: 'not-a-cursor' },
      { resourceId: film.id },
      { resourceType: 'Site Settings' },
      { verb: 'approve-film' },
    ];
    for (const query of bad) {
      expect((await audit(query, admin.cookie)).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('is for admins only: 403 for anyone else signed in, 401 signed out, and no rows either way', async () => {
    for (const user of [creator, await makeUser([], 'audit_member')]) {
      const res = await audit({}, user.cookie);
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain('approveFilm');
    }
    const anonymous = await audit({});
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(await anonymous.json())).not.toContain('approveFilm');
  });

  it('a refused call writes no audit row', async () => {
    const pending = await makeFilm(creator);
    // Not an admin: 403, the film stays pending, nothing is audited.
    expect((await approve(creator, pending.id)).status).toBe(403);
    expect((await setGate(creator, false)).status).toBe(403);
    const ofPending = (await listed({ resourceType: 'film', resourceId: pending.id })).items;
    expect(ofPending.map((i) => i.verb)).toEqual(['createFilm']);
    expect((await listed({ actor: creator.id, resourceType: 'site-settings' })).items).toEqual([]);

    // Approved twice: the second is a 409 and adds no row.
    expect((await approve(admin, pending.id)).status).toBe(200);
    expect((await approve(admin, pending.id)).status).toBe(409);
    const approvals = (await listed({ verb: 'approveFilm', resourceType: 'film', resourceId: pending.id })).items;
    expect(approvals).toHaveLength(1);
  });
});

describe('which changes are audited', () => {
  const rowsOf = async (user: TestUser) => (await listed({ actor: user.id })).items;
  const verbsOf = async (user: TestUser) => (await rowsOf(user)).map((i) => i.verb).reverse();

  it("an editor's film edit and an admin's rejection: one row each", async () => {
    const editor = await makeUser(['contributor'], 'audit_editor');
    const made = await makeFilm(editor);
    const res = await call(`/api/films/${made.id}`, jsonInit('PATCH', { title: 'Night Train' }, editor.cookie));
    expect(res.status).toBe(200);
    const rejected = await call(`/api/films/${made.id}/reject`, jsonInit('POST', { reason: 'Too dark' }, admin.cookie));
    expect(rejected.status).toBe(200);
    const rows = (await listed({ resourceType: 'film', resourceId: made.id })).items;
    expect(rows.map((i) => [i.verb, i.actor.id, i.summary])).toEqual([
      ['rejectFilm', admin.id, 'Rejected film “Night Train”'],
      ['updateFilm', editor.id, 'Edited film “Night Train”'],
      ['createFilm', editor.id, `Submitted film “${made.title}” for review`],
    ]);
  });

  it('captions added, changed and removed: one row each; a second removal (404) adds none', async () => {
    const editor = await makeUser(['contributor'], 'audit_captions');
    const made = await makeFilm(editor);
    const file = (method: string, path: string, body?: string) =>
      call(`/api/films/${made.id}/captions${path}`, {
        method,
        headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: editor.cookie },
        body,
      });
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n';
    const addRes = await file('POST', '?language=en&label=English', vtt);
    expect(addRes.status).toBe(201);
    const track = ((await addRes.json()) as { captions: { id: string } }).captions;
    expect((await file('PUT', `/${track.id}?label=English%20(CC)`)).status).toBe(200);
    expect((await file('DELETE', `/${track.id}`)).status).toBe(200);
    expect((await file('DELETE', `/${track.id}`)).status).toBe(404);
    const rows = (await listed({ resourceType: 'captions', resourceId: track.id })).items;
    expect(rows.map((i) => [i.verb, i.actor.id, i.summary])).toEqual([
      ['removeCaptions', editor.id, `Removed captions “English (CC)” from film “${made.title}”`],
      ['replaceCaptions', editor.id, `Changed captions “English (CC)” of film “${made.title}”`],
      ['addCaptions', editor.id, `Added captions “English” to film “${made.title}”`],
    ]);
  });

  it('a wallet linked and unlinked: one row each; the nonce and a refused link add none', async () => {
    const member = await makeUser([], 'audit_wallet');
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = async () =>
      (
        (await (await call('/api/wallets/nonce', jsonInit('POST', undefined, member.cookie))).json()) as {
          nonce: string;
        }
      ).nonce;
    const linkWith = async (n: string) => {
      const message = siweMessage(account, n);
      const signature = await account.signMessage({ message });
      return call('/api/wallets', jsonInit('POST', { message, signature }, member.cookie));
    };
    const used = await nonce();
    expect((await linkWith(used)).status).toBe(201);
    // The same nonce again: refused, nothing audited.
    expect((await linkWith(used)).status).not.toBe(201);
    const unlinked = await call(`/api/wallets/${BASE_SEPOLIA_ID}`, jsonInit('DELETE', undefined, member.cookie));
    expect(unlinked.status).toBe(200);
    const rows = (await listed({ resourceType: 'wallet', resourceId: account.address })).items;
    expect(rows.map((i) => [i.verb, i.actor.id])).toEqual([
      ['unlinkWallet', member.id],
      ['linkWallet', member.id],
    ]);
    expect(await verbsOf(member)).toEqual(['signUp', 'linkWallet', 'unlinkWallet']);
  });

  it("an admin's clock offset is audited", async () => {
    const res = await call('/api/dev/clock', jsonInit('PUT', { offsetMs: 0 }, admin.cookie));
    expect(res.status).toBe(200);
    expect((await listed({ actor: admin.id, resourceType: 'clock' })).items[0]).toMatchObject({
      verb: 'setClockOffset',
      summary: 'Clock offset set to 0 ms',
    });
  });

  it('personal bookkeeping is not: a profile name, an avatar, an upload', async () => {
    const member = await makeUser(['contributor'], 'audit_personal');
    const renamed = `audit_renamed_${crypto.randomUUID().slice(0, 6)}`;
    expect((await call('/api/account/profile', jsonInit('PATCH', { username: renamed }, member.cookie))).status).toBe(
      200,
    );
    expect((await call('/api/account/avatar', jsonInit('DELETE', undefined, member.cookie))).status).toBe(200);
    const upload = await uploadVideo(member);
    expect(upload.status).toBe('completed');
    expect(await verbsOf(member)).toEqual(['signUp']);
  });
});
