import type { CampaignStatus } from '../../domain/campaigns/status';

/** Statuses whose money anyone may see; a campaign in any other status only to those who may view it. */
export const PUBLIC_BREAKDOWN_STATUSES: readonly CampaignStatus[] = ['live', 'paused', 'completed'];
