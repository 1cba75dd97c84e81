import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CampaignView } from '../../../functions/services/campaigns';
import { $campaign, primeCampaign } from '../../stores/campaign';

/** True after the first render in the browser: until then an island shows exactly what the server rendered. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * An island's campaign: the server's view until it has hydrated, then the store's — which every
 * island shares and every action's answer (or a refresh) replaces.
 */
export function useCampaign(initial: CampaignView | null) {
  useState(() => {
    primeCampaign(initial);
    return true;
  });
  const state = useStore($campaign);
  const hydrated = useHydrated();
  return { status: state.status, view: hydrated ? state.view : initial };
}
