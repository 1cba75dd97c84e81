import { describe, expect, it } from 'vitest';
import { signGuestLink } from '../../functions/domain/backing/guest-link';
import { BACKING_TEXT, GUEST_LINK_TEXT, RECEIPT_MAIL } from '../../functions/domain/backing/texts';
import { fillText } from '../../functions/domain/fill-text';
import { FUNDING_TERMS_VERSION } from '../../functions/domain/payments/terms';
import type { MyBacking } from '../../functions/services/backing';
import { cookieFrom } from '../support/http';
import { base, signIn } from './session';

/**
 * The backer's side (docs/backing.md) on the built product: a signed-in backer pays through the
 * TEST checkout, is mailed a confirmation with the receipt's link, and finds the payment on
 * /backing with its receipt; nobody else sees it.
 */

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

async function signUp() {
  const email = `backer_${uid()}@example.test`;
  const res = await fetch(`${base()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ email, password: 'backer-password-1', name: email.split('@')[0] }),
  });
  expect(res.status).toBe(200);
  return { email, cookie: cookieFrom(res) };
}

const get = (path: string, cookie?: string) => fetch(`${base()}${path}`, { headers: cookie ? { cookie } : {} });

async function backingOf(cookie: string) {
  const res = await get('/api/me/backing', cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { backing: MyBacking }).backing;
}

interface LiveCampaign {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  raisedCents: number;
  goalCents: number;
}

/** Pays `amountCents` to a live campaign far from its goal, as the fund page does (or, with no cookie, a guest donates). */
async function fund(cookie: string, amountCents: number, guestEmail?: string) {
  const live = (await (await get('/api/campaigns/live')).json()) as { campaigns: LiveCampaign[] };
  const campaign = live.campaigns.find((c) => c.goalCents - c.raisedCents > 100_000);
  if (!campaign) throw new Error('the seed has a live campaign far from its goal');
  const started = await fetch(`${base()}/api/campaigns/${campaign.campaignId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({
      amountCents,
      source: guestEmail ? 'donation' : 'funding',
      attemptId: crypto.randomUUID(),
      ...(guestEmail ? { guestEmail } : {}),
    }),
  });
  expect(started.status).toBe(200);
  const { url, sessionId } = (await started.json()) as { url: string; sessionId: string };
  const pay = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(pay.status).toBe(303);
  return { campaign, sessionId };
}

async function mailsTo(email: string) {
  const res = await get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: { subject: string; text: string }[] }).mails;
}

/** The local default AUTH_SECRET (functions/env.ts): the built product signs guest links with it. */
const LOCAL_SECRET = 'local-development-secret-not-for-production-use';

describe('my backing', () => {
  it('a signed-in backer pays, is mailed the receipt link, and sees the payment and its receipt', async () => {
    const backer = await signUp();
    const { campaign, sessionId } = await fund(backer.cookie, 1234);

    // The webhook credits the payment after the redirect.
    await expect
      .poll(async () => (await backingOf(backer.cookie)).campaigns.flatMap((c) => c.payments.map((p) => p.id)))
      .toContain(sessionId);
    const backing = await backingOf(backer.cookie);
    const mine = backing.campaigns.find((c) => c.campaignId === campaign.campaignId);
    expect(mine?.payments).toHaveLength(1);
    expect(mine?.payments[0]).toMatchObject({ amountCents: 1234, kind: 'funding', standing: { kind: 'held' } });
    expect(backing.totals).toEqual({
      paidCents: 1234,
      releasedCents: 0,
      heldCents: 1234,
      refundedCents: 0,
      disputedCents: 0,
    });

    const page = await (await get('/backing', backer.cookie)).text();
    expect(page).toContain(`data-payment="${sessionId}"`);
    expect(page).toContain(campaign.filmTitle);
    expect(page).toContain(BACKING_TEXT.kindFunding);
    expect(page).toContain(BACKING_TEXT.statusHeld);
    expect(page).toContain(`href="/backing/receipts/${sessionId}"`);

    const receipt = await get(`/backing/receipts/${sessionId}`, backer.cookie);
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('$12.34');
    expect(html).toContain(BACKING_TEXT.receiptTestLabel);
    expect(html).toContain(fillText(BACKING_TEXT.receiptTerms, { version: FUNDING_TERMS_VERSION }));

    // The confirmation mail, once, with the receipt's link.
    const mails = () => mailsTo(backer.email);
    await expect.poll(async () => (await mails()).length).toBe(1);
    const [mail] = await mails();
    expect(mail?.subject).toBe(fillText(RECEIPT_MAIL.subject, { film: campaign.filmTitle }));
    expect(mail?.text).toContain(`/backing/receipts/${sessionId}`);

    // The donation-success page links to the receipt.
    const success = await (await get(`/donation-success?session=${sessionId}`)).text();
    expect(success).toContain(`href="/backing/receipts/${sessionId}"`);

    // The yearly statement lists it.
    const year = new Date().getUTCFullYear();
    const csv = await get(`/api/me/backing.csv?year=${year}`, backer.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="reelfund-backing-${year}.csv"`);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('12.34,USD');

    // Nobody else sees it: the receipt is the 404 page, their list is empty.
    const other = await signUp();
    expect((await get(`/backing/receipts/${sessionId}`, other.cookie)).status).toBe(404);
    expect((await backingOf(other.cookie)).campaigns).toEqual([]);
    expect(await (await get('/backing', other.cookie)).text()).toContain(BACKING_TEXT.empty);
  });

  it('a payment disputed in TEST mode shows disputed on /backing and its receipt, then lost; another, won', async () => {
    const backer = await signUp();
    const lost = await fund(backer.cookie, 1500);
    const won = await fund(backer.cookie, 1700);
    const standing = async (sessionId: string) =>
      (await backingOf(backer.cookie)).campaigns.flatMap((c) => c.payments).find((p) => p.id === sessionId)?.standing
        .kind;
    await expect.poll(() => standing(won.sessionId)).toBe('held');
    await expect.poll(() => standing(lost.sessionId)).toBe('held');
    const press = (sessionId: string, action: string) =>
      fetch(`${base()}/api/payments/test-checkout/${sessionId}/${action}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (const s of [lost.sessionId, won.sessionId]) expect((await press(s, 'dispute')).status).toBe(303);
    await expect.poll(() => standing(lost.sessionId)).toBe('disputed');
    await expect.poll(() => standing(won.sessionId)).toBe('disputed');
    const row = (html: string, sessionId: string) =>
      html.slice(
        html.indexOf(`data-payment="${sessionId}"`),
        html.indexOf('</li>', html.indexOf(`data-payment="${sessionId}"`)),
      );
    let page = await (await get('/backing', backer.cookie)).text();
    expect(row(page, lost.sessionId)).toContain('data-standing="disputed"');
    expect(row(page, lost.sessionId)).toContain('Disputed on ');
    expect(page).toContain(`data-disputed-cents="3200"`);
    expect(await (await get(`/backing/receipts/${lost.sessionId}`, backer.cookie)).text()).toContain('Disputed on ');

    expect((await press(lost.sessionId, 'dispute/lost')).status).toBe(303);
    expect((await press(won.sessionId, 'dispute/won')).status).toBe(303);
    await expect.poll(() => standing(lost.sessionId)).toBe('dispute_lost');
    await expect.poll(() => standing(won.sessionId)).toBe('held');
    page = await (await get('/backing', backer.cookie)).text();
    expect(row(page, lost.sessionId)).toContain('Disputed and lost on ');
    expect(row(page, won.sessionId)).toContain(BACKING_TEXT.statusHeld);
    expect(row(page, won.sessionId)).toContain('(a dispute was won on ');
    expect(page).toContain(`data-disputed-cents="1500"`);
    expect(await (await get(`/backing/receipts/${lost.sessionId}`, backer.cookie)).text()).toContain(
      'Disputed and lost on ',
    );
  });

  it('the demo viewer backed two campaigns: one held in escrow, one released at milestone 1', async () => {
    const vera = await signIn('viewer@reelfund.local');
    const backing = await backingOf(vera);
    const byTitle = new Map(backing.campaigns.map((c) => [c.campaignTitle, c]));
    expect(byTitle.get('Night Shift: season two')?.totals).toMatchObject({ heldCents: 55_000, releasedCents: 0 });
    const bloom = byTitle.get('Static Bloom');
    expect(bloom?.totals).toMatchObject({ heldCents: 0, releasedCents: 75_000 });
    expect(bloom?.payments[0]?.standing).toMatchObject({ kind: 'released', milestone: 1 });
    expect(bloom?.milestones[0]).toMatchObject({ number: 1, releasedCents: 200_000 });
    const page = await (await get('/backing', vera)).text();
    expect(page).toContain('Released to the team at milestone 1 on');
  });

  it('a guest donates, follows the mailed link and sees the payment; a bad or expired link is refused', async () => {
    const email = `guest_${uid()}@example.test`;
    const { campaign, sessionId } = await fund('', 2200, email);
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    const link = mail?.text.match(/https?:\/\/\S+\/backing\/(\S+)/);
    expect(link, mail?.text).not.toBeNull();
    const token = link?.[1] ?? '';
    const page = await get(`/backing/${token}`);
    expect(page.status).toBe(200);
    // The link is a credential: the page sends no referrer to anything it links to.
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(`data-payment="${sessionId}"`);
    expect(html).toContain(campaign.filmTitle);
    expect(html).toContain(BACKING_TEXT.kindDonation);

    // Altered (another email under the same signature) or expired: the not-valid page, 404.
    const [format, , expires, sig] = token.split('.');
    const other = Buffer.from('someone@example.test').toString('base64url');
    for (const bad of [
      `${format}.${other}.${expires}.${sig}`,
      await signGuestLink(LOCAL_SECRET, email, new Date(Date.now() - 31 * 24 * 3_600_000)),
    ]) {
      const res = await get(`/backing/${bad}`);
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(body).toContain(GUEST_LINK_TEXT.invalid);
      expect(body).not.toContain(sessionId);
    }
    // The same link signed for now works (the server and the test share the local secret).
    expect((await get(`/backing/${await signGuestLink(LOCAL_SECRET, email, new Date())}`)).status).toBe(200);
  });

  it("a guest's page links each payment's receipt, which opens through their link and for nobody else", async () => {
    const email = `guest_${uid()}@example.test`;
    const { campaign, sessionId } = await fund('', 2600, email);
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const token = (await mailsTo(email))[0]?.text.match(/\/backing\/(\S+)/)?.[1] ?? '';
    const receiptPath = `/backing/${token}/receipts/${sessionId}`;
    expect(await (await get(`/backing/${token}`)).text()).toContain(`href="${receiptPath}"`);

    const receipt = await get(receiptPath);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await receipt.text();
    expect(html).toContain(`data-receipt="${sessionId}"`);
    expect(html).toContain('$26.00');
    expect(html).toContain(campaign.filmTitle);
    expect(html).toContain(BACKING_TEXT.receiptTestLabel);
    expect(html).toContain(`href="/backing/${token}"`);

    // A stranger: another email's valid link, an altered or expired one, no link, or signed in.
    const [format, , expires, sig] = token.split('.');
    const altered = `${format}.${Buffer.from('someone@example.test').toString('base64url')}.${expires}.${sig}`;
    const expired = await signGuestLink(LOCAL_SECRET, email, new Date(Date.now() - 31 * 24 * 3_600_000));
    const another = await signGuestLink(LOCAL_SECRET, `other_${uid()}@example.test`, new Date());
    for (const bad of [another, altered, expired]) {
      const res = await get(`/backing/${bad}/receipts/${sessionId}`);
      expect(res.status, bad).toBe(404);
      expect(await res.text()).not.toContain(`data-receipt="${sessionId}"`);
    }
    expect((await get(`/backing/receipts/${sessionId}`, (await signUp()).cookie)).status).toBe(404);
  });

  it('guest payments join the account with that email only once the address is verified', async () => {
    // Two guests pay; each email later gets an account.
    const plain = `joiner_${uid()}@example.test`;
    const verified = `joiner_${uid()}@example.test`;
    const a = await fund('', 1100, plain);
    const b = await fund('', 1300, verified);
    await expect.poll(async () => (await mailsTo(verified)).length).toBe(1);
    await expect.poll(async () => (await mailsTo(plain)).length).toBe(1);
    const ids = async (cookie: string) =>
      (await backingOf(cookie)).campaigns.flatMap((c) => c.payments.map((p) => p.id));

    // A plain sign-up with the email: nothing proves the address, so the payment stays the guest's.
    const signUpRes = await fetch(`${base()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ email: plain, password: 'joiner-password-1', name: `joiner_${uid()}` }),
    });
    expect(signUpRes.status).toBe(200);
    const unverified = cookieFrom(signUpRes);
    expect(await ids(unverified)).not.toContain(a.sessionId);
    expect((await get(`/backing/receipts/${a.sessionId}`, unverified)).status).toBe(404);
    const year = new Date().getUTCFullYear();
    expect(await (await get(`/api/me/backing.csv?year=${year}`, unverified)).text()).not.toContain('11.00');

    // The other email becomes an account through the mailed link of an approved creator
    // application, which proves the address (docs/applications.md): its guest payment joins.
    const applied = await fetch(`${base()}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ name: 'Joiner', email: verified, work: 'Films', film: 'A film', heardFrom: 'A friend' }),
    });
    expect(applied.status).toBe(202);
    const admin = await signIn('admin@reelfund.local');
    const queue = (await (await get('/api/applications', admin)).json()) as {
      waiting: { id: string; email: string }[];
    };
    const application = queue.waiting.find((w) => w.email === verified);
    const approved = await fetch(`${base()}/api/applications/${application?.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base(), cookie: admin },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    let invite = '';
    await expect
      .poll(async () => {
        invite =
          (await mailsTo(verified)).map((m) => m.text.match(/\/apply\?invite=([A-Za-z0-9_-]+)/)?.[1]).find(Boolean) ??
          '';
        return invite;
      })
      .not.toBe('');
    const made = await fetch(`${base()}/api/applications/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({
        token: invite,
        email: verified,
        username: `joiner_${uid()}`,
        password: 'joiner-password-1',
      }),
    });
    expect(made.status).toBe(200);
    const joined = cookieFrom(made);
    expect(await ids(joined)).toContain(b.sessionId);
    expect(await ids(joined)).not.toContain(a.sessionId);
    // …with its receipt and in the yearly statement, as on /backing.
    expect((await get(`/backing/receipts/${b.sessionId}`, joined)).status).toBe(200);
    expect(await (await get(`/api/me/backing.csv?year=${year}`, joined)).text()).toContain('13.00,USD');
  });

  it('a new link is asked for by email: the same answer for a known and an unknown address', async () => {
    const known = `guest_${uid()}@example.test`;
    await fund('', 1500, known);
    await expect.poll(async () => (await mailsTo(known)).length).toBe(1);
    const unknown = `nobody_${uid()}@example.test`;
    const ask = (email: string) =>
      fetch(`${base()}/api/payments/backing-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base() },
        body: JSON.stringify({ email }),
      });
    const [a, b] = [await ask(known), await ask(unknown)];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.json()).toEqual(await b.json());
    await expect.poll(async () => (await mailsTo(known)).map((m) => m.subject)).toContain(GUEST_LINK_TEXT.mailSubject);
    expect(await mailsTo(unknown)).toEqual([]);
    // Three a day per email: the fourth is refused.
    await ask(unknown);
    await ask(unknown);
    expect((await ask(unknown)).status).toBe(429);
    // Signed out, /backing offers the form.
    expect(await (await get('/backing')).text()).toContain('data-guest-link-form');
  });
});
