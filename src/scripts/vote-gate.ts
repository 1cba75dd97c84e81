import type { CampaignView } from '../../functions/services/campaigns';
import { $campaign } from '../stores/campaign';

/**
 * The milestone vote's dialog (React) loads when the team is voting: at once when the server rendered a
 * voting campaign, or when the campaign store later holds one. Once mounted it stays, so the round's
 * outcome still shows after the vote closes (src/components/campaign/VoteGate.astro).
 */
const gate = document.querySelector<HTMLElement>('[data-vote-gate]');
if (gate) {
  let mounted = false;
  const open = (view: CampaignView) => {
    if (mounted) return;
    mounted = true;
    void import('../components/campaign/vote-mount').then((m) => m.mountVoteDialog(gate, view));
  };
  const rendered = gate.querySelector('script[data-vote-view]')?.textContent;
  if (gate.dataset.voting === 'true' && rendered) open(JSON.parse(rendered) as CampaignView);
  $campaign.subscribe(({ view }) => {
    if (view?.campaign.extensionPending) open(view);
  });
}
