import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { base, signIn } from './session';

/**
 * The campaign pages' access rules on the built product: who sees a screen, who is
 * sent home, who goes back to /contributor with which toast. Seeded demo accounts and campaigns.
 */
const ORIGIN = () => ({ origin: base() });

async function signUp() {
  const name = `walker_${crypto.randomUUID().slice(0, 8)}`;
  const res = await fetch(`${base()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ORIGIN() },
    body: JSON.stringify({ email: `${name}@example.test`, password: 'walker-password-1', name }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const get = (path: string, cookie?: string) =>
  fetch(`${base()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** A page that sends the browser on with a toast. */
async function toastRedirect(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  return {
    to: html.match(/data-redirect-to="([^"]*)"/)?.[1],
    toast: html.match(/data-redirect-toast="([^"]*)"/)?.[1]?.replaceAll('&#39;', "'"),
  };
}

let cora: string;
let milo: string;
let vera: string;
let admin: string;
let campaigns: { id: string; title: string; movieId: string }[];
let draftId: string;
beforeAll(async () => {
  [cora, milo, vera, admin] = await Promise.all([
    signIn('creator@reelfund.local'),
    signIn('creator2@reelfund.local'),
    signIn('viewer@reelfund.local'),
    signIn('admin@reelfund.local'),
  ]);
  campaigns = ((await (await get('/api/campaigns/mine', cora)).json()) as { campaigns: typeof campaigns }).campaigns;
  // vera_viewer is invited to cora's draft by the seed.
  draftId = ((await (await get('/api/campaigns/mine', vera)).json()) as { invitations: { id: string }[] })
    .invitations[0]?.id as string;
});

describe('campaign pages', () => {
  it('the owner sees settings, progress and team; by campaign id or film id', async () => {
    const c = campaigns[0] as (typeof campaigns)[number];
    for (const path of [
      `/contributor/edit/${c.id}/campaign`,
      `/contributor/edit/${c.movieId}/campaign`,
      `/contributor/edit-campaign/${c.id}`,
      `/contributor/campaign-progress/${c.id}`,
      `/contributor/edit/${c.id}/contributors`,
    ]) {
      const res = await get(path, cora);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(c.title.replaceAll('&', '&amp;'));
    }
  });

  it('signed out: to /auth', async () => {
    const res = await get(`/contributor/campaign-progress/${draftId}?invitation=true`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth\?redirect=/);
  });

  it('an invitee who is not a creator opens the invitation', async () => {
    expect(draftId).toBeTruthy();
    const res = await get(`/contributor/campaign-progress/${draftId}?invitation=true`, vera);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-invitation="card"');
  });

  it('neither creator, admin nor invitee: home', async () => {
    const stranger = await signUp();
    for (const path of [`/contributor/edit/${draftId}/campaign`, `/contributor/campaign-progress/${draftId}`]) {
      const res = await get(path, stranger);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/');
    }
  });

  it("another creator: back to /contributor with 'You can only edit/view campaigns for your own movies'", async () => {
    const notMilos = campaigns.find((c) => c.title.startsWith('Saltwater')) as (typeof campaigns)[number];
    expect(await toastRedirect(await get(`/contributor/edit/${notMilos.id}/campaign`, milo))).toEqual({
      to: '/contributor',
      toast: TEXT.editOwnOnly,
    });
    expect(await toastRedirect(await get(`/contributor/campaign-progress/${notMilos.id}`, milo))).toEqual({
      to: '/contributor',
      toast: TEXT.viewOwnOnly,
    });
  });

  it('an admin edits on /admin paths; the /contributor path is for owners', async () => {
    const c = campaigns[0] as (typeof campaigns)[number];
    const res = await get(`/admin/edit/${c.id}/campaign`, admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-campaign-settings');
    expect(await toastRedirect(await get(`/contributor/edit/${c.id}/campaign`, admin))).toEqual({
      to: '/contributor',
      toast: TEXT.editOwnOnly,
    });
  });

  it("not found: settings back to /contributor with 'Video or campaign not found'; progress shows Campaign Not Found", async () => {
    expect(await toastRedirect(await get('/contributor/edit/no-such-id/campaign', cora))).toEqual({
      to: '/contributor',
      toast: TEXT.videoOrCampaignNotFound,
    });
    const res = await get('/contributor/campaign-progress/no-such-id', cora);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(TEXT.campaignNotFoundState);
  });

  it('the campaigns tab lists campaigns and invitations with their displayed status', async () => {
    const html = await (await get('/contributor?tab=campaigns', cora)).text();
    expect(html).toContain('Waiting for Team Approval');
    expect(html).toContain('data-invitation-row');
    expect(html).toContain('Pending Review');
    expect(html).toContain('Draft');
  });

  it('the admin applications tab lists campaigns under review', async () => {
    const html = await (await get('/admin?tab=applications', admin)).text();
    expect(html).toContain('Restore the Last Projectionist');
    expect(html).toContain('data-application=');
  });
});
