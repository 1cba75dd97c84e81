import { type SQL, sql } from 'drizzle-orm';

/**
 * "Another active admin than `userId` remains" (an admin whose account is not suspended): the condition
 * every write that can remove an admin (revoking the role, suspending the account) carries inside its own
 * statement, so two such writes at the same moment cannot both pass a check made before either wrote
 * (docs/admin-tools.md, "The last admin").
 */
export const anotherActiveAdmin = (userId: string): SQL =>
  sql`exists (select 1 from user_roles r where r.role = 'admin' and r.user_id <> ${userId} and r.user_id not in (select s.user_id from account_suspensions s))`;
