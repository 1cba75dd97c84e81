import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { profiles } from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import type { NotificationPage, Summary } from '../../functions/services/notifications';
import { makeCampaign } from './campaign-factories';
import { makeUser, ORIGIN } from './factories';
import { getJson, notifyUser, sendApi } from './realtime/helpers';
import { call, env } from './worker-call';

const post = (path: string, cookie: string) => call(path, { method: 'POST', headers: { cookie, origin: ORIGIN } });

describe('GET /api/notifications', { timeout: 30_000 }, () => {
  it('lists only the viewer’s notifications, newest first, paginated with a cursor', async () => {
    const a = await makeUser();
    const other = await makeUser();
    await notifyUser(other.id, 'not yours');
    for (const t of ['n1', 'n2', 'n3', 'n4', 'n5']) await notifyUser(a.id, t);
    const first = await getJson<NotificationPage>('/api/notifications?limit=2', a.cookie);
    expect(first.items.map((n) => n.title)).toEqual(['n5', 'n4']);
    expect(first.hasMore).toBe(true);
    const second = await getJson<NotificationPage>(
      `/api/notifications?limit=2&before=${first.items[1]?.cursor}`,
      a.cookie,
    );
    expect(second.items.map((n) => n.title)).toEqual(['n3', 'n2']);
    const third = await getJson<NotificationPage>(
      `/api/notifications?limit=2&before=${second.items[1]?.cursor}`,
      a.cookie,
    );
    expect(third.items.map((n) => n.title)).toEqual(['n1']);
    expect(third.hasMore).toBe(false);
  });

  it('filters unread, marks one and all read, and refuses another user’s notification with 404', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const one = await notifyUser(a.id, 'one');
    await notifyUser(a.id, 'two');
    const bs = await notifyUser(b.id, 'b only');

    expect((await post(`/api/notifications/${bs}/read`, a.cookie)).status).toBe(404);
    const bList = await getJson<NotificationPage>('/api/notifications?unread=true', b.cookie);
    expect(bList.items.map((n) => n.id)).toEqual([bs]);

    expect((await post(`/api/notifications/${one}/read`, a.cookie)).status).toBe(200);
    const unread = await getJson<NotificationPage>('/api/notifications?unread=true', a.cookie);
    expect(unread.items.map((n) => n.title)).toEqual(['two']);

    const all = await post('/api/notifications/read-all', a.cookie);
    expect(await all.json()).toEqual({ updated: 1 });
    expect((await getJson<NotificationPage>('/api/notifications?unread=1', a.cookie)).items).toEqual([]);
    expect((await getJson<NotificationPage>('/api/notifications?unread=true', b.cookie)).items).toHaveLength(1);
  });

  it('refuses a malformed cursor and both directions at once', async () => {
    const a = await makeUser();
    expect((await call('/api/notifications?after=abc', { headers: { cookie: a.cookie } })).status).toBe(400);
    const c = `${Date.now()}_x`;
    expect((await call(`/api/notifications?after=${c}&before=${c}`, { headers: { cookie: a.cookie } })).status).toBe(
      400,
    );
  });

  it('gives each notification its click target for the viewer’s role', async () => {
    const creator = await makeUser(['contributor']);
    const admin = await makeUser(['admin']);
    // An open invitation: the creator has a team row on the campaign (a withdrawn one leads nowhere).
    const { id: campaignId } = await makeCampaign({ members: [{ user: creator, approved: false }] });
    await notifyUser(creator.id, 'invite', 'team_invitation', { campaignId });
    await notifyUser(creator.id, 'film', 'video', { videoId: 'vid-1' });
    await notifyUser(admin.id, 'film', 'video', { videoId: 'vid-1' });
    const mine = await getJson<NotificationPage>('/api/notifications', creator.cookie);
    expect(mine.items.map((n) => n.target)).toEqual([
      '/contributor/edit/vid-1',
      `/contributor/campaign-progress/${campaignId}?invitation=true`,
    ]);
    const admins = await getJson<NotificationPage>('/api/notifications', admin.cookie);
    expect(admins.items.map((n) => n.target)).toEqual(['/admin?tab=videos']);
  });
});

describe('GET /api/notifications/summary (the bell)', { timeout: 30_000 }, () => {
  it('shows the 5 latest notifications, the 5 latest unread messages with previews, and unread counts', async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    for (let i = 1; i <= 7; i++) await notifyUser(a.id, `n${i}`);
    const long = 'x'.repeat(120);
    for (let i = 1; i <= 6; i++) await sendApi(b.cookie, a.id, i === 6 ? long : `m${i}`);
    const s = await getJson<Summary>('/api/notifications/summary', a.cookie);
    expect(s.notifications.map((n) => n.title)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3']);
    expect(s.messages).toHaveLength(5);
    expect(s.messages[0]).toMatchObject({
      senderId: b.id,
      senderUsername: b.username,
      preview: `${'x'.repeat(80)}…`,
      target: `/messages/${b.id}?newMessage=true`,
    });
    expect(s.messages.map((m) => m.preview).slice(1)).toEqual(['m5', 'm4', 'm3', 'm2']);
    expect(s.unread).toEqual({ notifications: 7, messages: 6, total: 13 });
  });

  it('leaves the sender name empty for a sender without a profile (shown as Unknown User)', async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    await sendApi(b.cookie, a.id, 'hello');
    await getDb(env).delete(profiles).where(eq(profiles.userId, b.id));
    const s = await getJson<Summary>('/api/notifications/summary', a.cookie);
    expect(s.messages[0]?.senderUsername).toBeNull();
    expect(TEXT.unknownUser).toBe('Unknown User');
  });
});
