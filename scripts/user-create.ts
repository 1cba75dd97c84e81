// Creates a user with a role, or grants a role to an existing user (bootstraps the first admin).
//   npm run user:create -- --email E --password P --role admin [--username U]
// Local database by default; with DATABASE_URL (and DATABASE_AUTH_TOKEN) set in the shell, the
// production Turso/libSQL database (AUTH_SECRET must then be the production secret too).

import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { systemActor } from '../functions/auth/system-actor';
import type { Db } from '../functions/db/client';
import { schema } from '../functions/db/client';
import { ROLES, type Role } from '../functions/domain/users/roles';
import type { Bindings } from '../functions/env';
import { createDeps } from '../functions/platform/create-deps';
import { silentDoorbell } from '../functions/realtime/doorbell';
import { ensureUser } from '../functions/services/accounts';
import { argValue, openPlatform } from './lib/platform';

const email = argValue('--email');
const password = argValue('--password');
const role = argValue('--role') as Role | undefined;
const username = argValue('--username') ?? email?.split('@')[0]?.replace(/[^A-Za-z0-9_.-]/g, '_');

if (!email || !role || !ROLES.includes(role) || !username) {
  console.error(`usage: npm run user:create -- --email E --password P --role (${ROLES.join('|')}) [--username U]`);
  process.exit(2);
}

const remote = process.env.DATABASE_URL;
const platform = remote ? null : await openPlatform(argValue('--persist-to'));
const db: Db = remote
  ? (drizzle(createClient({ url: remote, authToken: process.env.DATABASE_AUTH_TOKEN }), { schema }) as unknown as Db)
  : (platform?.db as Db);
// Against Turso, the production database with the production secret: no local bindings at all.
const deps = remote
  ? createDeps(
      {
        ENVIRONMENT: 'local',
        PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:4321',
        AUTH_SECRET: process.env.AUTH_SECRET,
      } as Bindings,
      { db, bell: silentDoorbell, kv: null, media: null },
    )
  : (platform?.deps ?? null);
try {
  if (!deps) throw new Error('no database');
  const result = await ensureUser(deps, systemActor('command'), {
    email,
    // An existing user is granted the role without a password; a new one needs it.
    password: password ?? '',
    username,
    roles: [role],
  });
  console.log(
    `${result.created ? 'created' : 'found'} ${email} (${result.userId}); ${result.granted.length ? `granted ${result.granted.join(', ')}` : `already had ${role}`}`,
  );
} catch (err) {
  console.error('user:create failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await platform?.dispose();
}
