import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { creatorMessages } from '../../functions/db/schema';
import { MESSAGE_RATE_LIMITS } from '../../functions/domain/messages/limits';
import type { Thread } from '../../functions/services/messages';
import { inDays, makeFilm } from './campaign-factories';
import { jsonInit, makeUser } from './factories';
import { getJson, sendApi } from './realtime/helpers';
import { call, env } from './worker-call';

describe('who may write to whom', { timeout: 30_000 }, () => {
  it('lets creators, admins and editors start a conversation; others only reply', async () => {
    const viewer = await makeUser();
    for (const roles of [['contributor'], ['admin'], ['editor']] as const) {
      const starter = await makeUser([...roles]);
      expect((await sendApi(starter.cookie, viewer.id, 'hello')).status).toBe(201);
    }
    const stranger = await makeUser(['user']);
    const refused = await sendApi(viewer.cookie, stranger.id, 'hi');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });

    const creator = await makeUser(['contributor']);
    expect((await getJson<Thread>(`/api/messages/${creator.id}`, viewer.cookie)).canWrite).toBe(false);
    await sendApi(creator.cookie, viewer.id, 'write back');
    expect((await getJson<Thread>(`/api/messages/${creator.id}`, viewer.cookie)).canWrite).toBe(true);
    expect((await sendApi(viewer.cookie, creator.id, 'thanks')).status).toBe(201);
  });

  it('lets an invitee write back to the member who invited them, and to no one else', async () => {
    const inviter = await makeUser(['contributor'], 'owner');
    const invitee = await makeUser();
    const bystander = await makeUser(['contributor']);
    const fellow = await makeUser();
    expect((await sendApi(invitee.cookie, inviter.id, 'before')).status).toBe(403);

    const created = await call(
      '/api/campaigns',
      jsonInit(
        'POST',
        { movieId: await makeFilm(inviter.id), title: 'Team test', goalAmount: 300_000, endDate: inDays(20) },
        inviter.cookie,
      ),
    );
    expect(created.status).toBe(201);
    const { campaign } = ((await created.json()) as { campaign: { campaign: { id: string } } }).campaign;
    for (const member of [invitee, fellow]) {
      const invited = await call(
        `/api/campaigns/${campaign.id}/members`,
        jsonInit('POST', { userId: member.id, role: 'Editor' }, inviter.cookie),
      );
      expect(invited.status).toBe(201);
    }

    expect((await getJson<Thread>(`/api/messages/${inviter.id}`, invitee.cookie)).canWrite).toBe(true);
    expect((await sendApi(invitee.cookie, inviter.id, 'about the invitation')).status).toBe(201);
    // Being on a team is no licence to write to others: a creator who never wrote, a fellow invitee.
    expect((await getJson<Thread>(`/api/messages/${bystander.id}`, invitee.cookie)).canWrite).toBe(false);
    expect((await sendApi(invitee.cookie, bystander.id, 'hi')).status).toBe(403);
    expect((await sendApi(invitee.cookie, fellow.id, 'hi')).status).toBe(403);
    expect((await sendApi(fellow.cookie, invitee.id, 'hi')).status).toBe(403);
  });

  it('refuses writing to oneself, to nobody, and text over the limits', async () => {
    const c = await makeUser(['contributor']);
    const a = await makeUser();
    expect((await sendApi(c.cookie, c.id, 'me')).status).toBe(400);
    expect((await sendApi(c.cookie, 'no-such-user', 'hi')).status).toBe(404);
    expect((await sendApi(c.cookie, a.id, '   ')).status).toBe(400);
    const tooLong = await sendApi(c.cookie, a.id, 'x'.repeat(5001));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { message: 'A message can be at most 5000 characters' } });
    expect((await sendApi(c.cookie, a.id, 'ok', 's'.repeat(201))).status).toBe(400);
  });
});

describe('the send rate limit', { timeout: 30_000 }, () => {
  const perMinute = MESSAGE_RATE_LIMITS[0].max;
  const sentBy = async (senderId: string) => {
    const [row] = await getDb(env)
      .select({ n: count() })
      .from(creatorMessages)
      .where(eq(creatorMessages.senderId, senderId));
    return row?.n;
  };

  it('refuses the message over the per-minute limit with 429 and Retry-After', async () => {
    const c = await makeUser(['contributor']);
    const a = await makeUser();
    for (let i = 0; i < perMinute; i++) expect((await sendApi(c.cookie, a.id, `m${i}`)).status).toBe(201);
    const over = await sendApi(c.cookie, a.id, 'one too many');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining(`at most ${perMinute} messages per minute`) },
    });
    // Another sender is not affected.
    const other = await makeUser(['contributor']);
    expect((await sendApi(other.cookie, a.id, 'hi')).status).toBe(201);
  });

  it('never lets concurrent sends from one sender past the limit', async () => {
    const c = await makeUser(['contributor']);
    const a = await makeUser();
    const tries = perMinute * 3;
    const statuses = await Promise.all(
      Array.from({ length: tries }, (_, i) => sendApi(c.cookie, a.id, `burst ${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(perMinute);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - perMinute);
    expect(await sentBy(c.id)).toBe(perMinute);
    const refused = await sendApi(c.cookie, a.id, 'after the burst');
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining(`at most ${perMinute} messages per minute`) },
    });
  });

  it('holds the hourly limit under concurrent sends too', async () => {
    const c = await makeUser(['contributor']);
    const a = await makeUser();
    const perHour = MESSAGE_RATE_LIMITS[1].max;
    const left = 3;
    // Sent over the last hour but not in the last minute: only the hourly window counts them.
    const earlier = new Date(Date.now() - 10 * 60_000);
    const rows = Array.from({ length: perHour - left }, (_, i) => ({
      senderId: c.id,
      recipientId: a.id,
      message: `earlier ${i}`,
      createdAt: earlier,
    }));
    // D1 binds at most 100 parameters a statement: 10 rows (70) at a time.
    for (let i = 0; i < rows.length; i += 10)
      await getDb(env)
        .insert(creatorMessages)
        .values(rows.slice(i, i + 10));
    const statuses = await Promise.all(
      Array.from({ length: perMinute }, (_, i) => sendApi(c.cookie, a.id, `burst ${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(left);
    expect(await sentBy(c.id)).toBe(perHour);
    const refused = await sendApi(c.cookie, a.id, 'one more');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining(`at most ${perHour} messages per hour`) },
    });
  });

  it('counts messages already in the database, whoever wrote them (nothing is kept in memory)', async () => {
    const c = await makeUser(['contributor']);
    const a = await makeUser();
    // Messages sent "before a restart": rows only, written straight to the database.
    const db = getDb(env);
    await db
      .insert(creatorMessages)
      .values(
        Array.from({ length: perMinute }, (_, i) => ({ senderId: c.id, recipientId: a.id, message: `earlier ${i}` })),
      );
    expect((await sendApi(c.cookie, a.id, 'after restart')).status).toBe(429);
  });
});
