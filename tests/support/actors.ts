import { ANYONE } from '../../functions/auth/authorize';
import { systemActor } from '../../functions/auth/system-actor';

/** For tests that call the verbs the scheduled job, the webhook or a command calls: the platform itself. */
export const TEST_SYSTEM = systemActor('command');

export { ANYONE };
