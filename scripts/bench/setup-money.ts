// Bench only: a creator with live campaigns for the money figures (webhook rate, concurrent
// settlement), made on the bench's own state before its server starts. Prints one JSON line:
// { owner, secret, campaigns }.   tsx scripts/bench/setup-money.ts --persist-to DIR --campaigns N

import { eq } from 'drizzle-orm';
import { systemActor } from '../../functions/auth/system-actor';
import { campaigns, user, videos } from '../../functions/db/schema';
import { LOCAL_WEBHOOK_SECRETS } from '../../functions/payments/stripe';
import { ensureUser } from '../../functions/services/accounts';
import { argValue, openPlatform } from '../lib/platform';

const OWNER = { email: 'bench-owner@bench.local', password: 'bench-password', username: 'bench_owner' };
const count = Number(argValue('--campaigns') ?? 4);
const COMMAND = systemActor('command');
const platform = await openPlatform(argValue('--persist-to'));
try {
  await ensureUser(platform.deps, COMMAND, { ...OWNER, roles: ['contributor'] });
  const owner = await platform.db.select({ id: user.id }).from(user).where(eq(user.email, OWNER.email)).get();
  if (!owner) throw new Error('bench owner missing');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const movieId = crypto.randomUUID();
    const id = crypto.randomUUID();
    await platform.db
      .insert(videos)
      .values({ id: movieId, title: `Bench film ${i + 1}`, contributorId: owner.id, reviewStatus: 'approved' });
    // A goal no bench reaches: settlement is measured without a milestone pausing payments.
    await platform.db.insert(campaigns).values({
      id,
      movieId,
      title: `Bench campaign ${i + 1}`,
      status: 'live',
      goalAmount: 1_000_000_000_000,
      initialGoalAmount: 1_000_000_000_000,
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      createdBy: owner.id,
    });
    ids.push(id);
  }
  console.log(
    JSON.stringify({
      owner: { email: OWNER.email, password: OWNER.password },
      secret: LOCAL_WEBHOOK_SECRETS.platform,
      campaigns: ids,
    }),
  );
} finally {
  await platform.dispose();
}
