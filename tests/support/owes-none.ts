import type { FollowUpRunner } from '../../functions/db/unit-of-work';

/** The runner for a change a test writes directly that owes nothing: owing a follow-up fails the test. */
export const owesNone: FollowUpRunner = {
  async runNow(keys) {
    throw new Error(`this change should owe no follow-up, yet owes ${keys.join(', ')}`);
  },
};
