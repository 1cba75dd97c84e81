import type { Role } from '../domain/users/roles';
import { ensureUser } from '../services/accounts';
import { SEED, type SeedModule } from './types';

/** One demo account per role (README lists them). Local only; never seeded in production. */
export const DEMO_PASSWORD = 'reelfund-demo';
export const DEMO_USERS: { username: string; email: string; roles: Role[] }[] = [
  { username: 'vera_viewer', email: 'viewer@reelfund.local', roles: ['viewer'] },
  { username: 'uma_user', email: 'user@reelfund.local', roles: ['user'] },
  { username: 'cora_creator', email: 'creator@reelfund.local', roles: ['contributor'] },
  { username: 'milo_maker', email: 'creator2@reelfund.local', roles: ['contributor'] },
  { username: 'eddie_editor', email: 'editor@reelfund.local', roles: ['editor'] },
  { username: 'ada_admin', email: 'admin@reelfund.local', roles: ['admin'] },
];

export const demoUsersSeed: SeedModule = {
  name: 'demo-users',
  async run(deps, log) {
    for (const u of DEMO_USERS) {
      const r = await ensureUser(deps, SEED, { ...u, password: DEMO_PASSWORD });
      log(`${r.created ? 'created' : 'kept'} ${u.email} (${u.roles.join(', ')})`);
    }
  },
};
