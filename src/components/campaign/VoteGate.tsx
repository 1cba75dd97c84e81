import { type ComponentType, useEffect, useState } from 'react';
import type { CampaignView } from '../../../functions/services/campaigns/view';
import { useCampaign } from './useCampaign';

type Dialog = ComponentType<{ initial: CampaignView }>;

/**
 * The vote dialog's code loads only once the team is voting (most visits never need it). Once
 * loaded it stays mounted, so the round's outcome still shows after the vote closes.
 */
export function VoteGate(props: { initial: CampaignView }) {
  const { view } = useCampaign(props.initial);
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const voting = Boolean(view?.campaign.extensionPending);
  useEffect(() => {
    if (!voting || Dialog) return;
    let mounted = true;
    void import('./VoteDialog').then((m) => {
      if (mounted) setDialog(() => m.VoteDialog);
    });
    return () => {
      mounted = false;
    };
  }, [voting, Dialog]);
  return Dialog && view ? <Dialog initial={view} /> : null;
}
