import { myListings, postListing } from '../services/marketplace';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/**
 * Marketplace listings from the demo creators (one naming cora_creator's first campaign) and from
 * vera_viewer, through the same verb as the page (docs/marketplace.md).
 */
export const marketplaceSeed: SeedModule = {
  name: 'marketplace',
  async run(deps, log) {
    const cora = await viewerFor(deps.db, EMAILS.cora);
    const milo = await viewerFor(deps.db, EMAILS.milo);
    const vera = await viewerFor(deps.db, EMAILS.vera);
    if (!cora || !milo || !vera) return;
    const { campaigns } = await myListings(deps, cora);
    await postListing(deps, cora, {
      kind: 'seeking',
      role: 'composer',
      title: 'Composer for a feature about night trains',
      description: 'A quiet, piano-led score for a 90-minute drama. Temp tracks and a rough cut are ready.',
      pay: 'revenue_share',
      location: null,
      campaignId: campaigns[0]?.id ?? null,
    });
    await postListing(deps, cora, {
      kind: 'seeking',
      role: 'sound',
      title: 'Location sound recordist, two weekends',
      description: 'Exterior dialogue scenes on a harbour. Your own kit preferred.',
      pay: 'paid',
      location: 'Hamburg',
    });
    await postListing(deps, milo, {
      kind: 'offering',
      role: 'editor',
      title: 'Editor for animated shorts',
      description: 'I cut animation and music videos; ten years of After Effects and Premiere.',
      pay: 'paid',
      location: null,
    });
    await postListing(deps, vera, {
      kind: 'offering',
      role: 'actor',
      title: 'Actor for student and indie shorts',
      description: 'Stage-trained, comfortable with improvisation. Happy to read for small parts.',
      pay: 'volunteer',
      location: 'Berlin',
    });
    log('marketplace: four listings (cora_creator, milo_maker, vera_viewer)');
  },
};
