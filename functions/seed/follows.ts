import { inArray } from 'drizzle-orm';
import { campaigns } from '../db/schema';
import { followCampaign } from '../services/backing';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/**
 * The demo viewer follows two public campaigns she did not pay into (docs/backing.md, "Following"),
 * so /backing's "Campaigns you follow" has rows on a fresh start: Neon Alley (live, its team to
 * approve a new member) and Tidewater (its team voting at milestone 1). Through the follow verb.
 */
const FOLLOWED = ['Neon Alley', 'Tidewater: the score'];

export const followsSeed: SeedModule = {
  name: 'follows',
  async run(deps, log) {
    const vera = await viewerFor(deps.db, EMAILS.vera);
    if (!vera) {
      log(`follows: ${EMAILS.vera} is missing, skipped`);
      return;
    }
    const rows = await deps.db
      .select({ id: campaigns.id, title: campaigns.title })
      .from(campaigns)
      .where(inArray(campaigns.title, FOLLOWED))
      .all();
    for (const c of rows) {
      await followCampaign(deps, vera, c.id);
      log(`follows: ${EMAILS.vera} follows ${c.title}`);
    }
  },
};
