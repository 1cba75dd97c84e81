import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { ensureUserInput } from '../../domain/accounts/input';
import { parseInput } from '../../domain/input';
import type { Role } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { grantRoleStatement } from './internal/roles';

export interface EnsureUserInput {
  email: string;
  password: string;
  username: string;
  roles: Role[];
}

/**
 * Creates the account through better-auth's own sign-up (hash, profile, role viewer) unless the
 * email exists, then grants the roles. Used by the seed and by `npm run user:create`.
 */
export async function ensureUser(
  deps: Pick<Deps, 'auth' | 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  input: EnsureUserInput,
) {
  const system = authorize(actor, 'account.ensure');
  input = parseInput(ensureUserInput, input);
  const { auth, db } = deps;
  const email = input.email.trim().toLowerCase();
  let existing = await db
    .select({ id: user.id, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email))
    .get();
  let created = false;
  if (!existing) {
    const res = await auth.api.signUpEmail({ body: { email, password: input.password, name: input.username } });
    existing = { id: res.user.id, username: res.user.name };
    created = true;
  }
  const granted: Role[] = [];
  for (const role of input.roles) {
    const [added] = (await new UnitOfWork(deps, system)
      .add(grantRoleStatement(db, existing.id, role))
      // The audit row directly follows the insert: changes() is 0 when the user had the role.
      .audit({
        verb: 'ensureUser',
        resourceType: 'user',
        resourceId: existing.id,
        summary: `Granted @${existing.username ?? email} the role ${role}`,
        when: sql`changes() > 0`,
      })
      .commit()) as [{ role: Role }[]];
    if (added.length > 0) granted.push(role);
  }
  return { userId: existing.id, created, granted };
}
