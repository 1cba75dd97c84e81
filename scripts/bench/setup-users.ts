// Bench only: creates the accounts the realtime figures need (creators may message anyone), on the
// bench's own state before its server starts.  tsx scripts/bench/setup-users.ts --persist-to DIR --count N
import { systemActor } from '../../functions/auth/system-actor';
import { ensureUser } from '../../functions/services/accounts';
import { argValue, openPlatform } from '../lib/platform';

const count = Number(argValue('--count') ?? 20);
const COMMAND = systemActor('command');
const platform = await openPlatform(argValue('--persist-to'));
try {
  await ensureUser(platform.deps, COMMAND, {
    email: 'bench-recipient@bench.local',
    password: 'bench-password',
    username: 'bench_recipient',
    roles: [],
  });
  for (let i = 0; i < count; i++) {
    await ensureUser(platform.deps, COMMAND, {
      email: `bench-sender-${i}@bench.local`,
      password: 'bench-password',
      username: `bench_sender_${i}`,
      roles: ['contributor'],
    });
  }
} finally {
  await platform.dispose();
}
