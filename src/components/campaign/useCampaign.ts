import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CampaignView } from '../../../functions/services/campaigns/view';
import { $campaign, primeCampaign, refreshCampaign, watchFreshness } from '../../stores/campaign';

/** The screen's campaign: primed from the server's render, then kept fresh (5 minutes, one retry). */
export function useCampaign(initial: CampaignView | null) {
  useState(() => {
    primeCampaign(initial);
    return true;
  });
  const state = useStore($campaign);
  const id = state.view?.campaign.id ?? initial?.campaign.id;
  useEffect(() => {
    if (!id) return;
    void refreshCampaign(id);
    return watchFreshness(id);
  }, [id]);
  return state;
}
