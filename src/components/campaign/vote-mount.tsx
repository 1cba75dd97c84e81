import { createRoot } from 'react-dom/client';
import type { CampaignView } from '../../../functions/services/campaigns';
import { VoteDialog } from './VoteDialog';

/** Mounts the vote dialog in `host` (loaded by src/scripts/vote-gate.ts only once the team is voting). */
export function mountVoteDialog(host: HTMLElement, view: CampaignView) {
  createRoot(host).render(<VoteDialog initial={view} />);
}
