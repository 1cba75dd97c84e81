import type { CampaignChannelRpc, Namespace } from '../durable-objects';
/**
 * Rings a campaign's channel after a committed change of its figures (a credited payment, a refund,
 * a change of status): the channel reads the figures from the database and tells every open film
 * page. Best-effort: the database stays the truth, and pages poll without a socket.
 */
export interface CampaignBell {
  ring(campaignId: string): Promise<void>;
}

export function durableObjectCampaignBell(ns: Namespace<CampaignChannelRpc>): CampaignBell {
  return {
    async ring(campaignId) {
      await ns.get(ns.idFromName(campaignId)).refresh(campaignId);
    },
  };
}

/** Where no live delivery exists (Node-side commands and tests): nothing to ring. */
export const silentCampaignBell: CampaignBell = { ring: async () => {} };

/** Rings without failing the caller: the change is already written. */
export async function ringCampaign(bell: CampaignBell, campaignId: string): Promise<void> {
  try {
    await bell.ring(campaignId);
  } catch (err) {
    console.error('campaign bell failed (the write stands):', err);
  }
}
