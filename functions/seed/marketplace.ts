import {
  acceptRequest,
  agreeToCollaboration,
  myListings,
  postListing,
  requestCollaboration,
} from '../services/marketplace';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/**
 * Marketplace listings from the demo creators (one naming cora_creator's first campaign) and from
 * vera_viewer; vera_viewer's request on cora_creator's sound listing, waiting; and cora_creator's
 * request on milo_maker's editor listing, accepted and agreed by both — through the same verbs as
 * the pages (docs/marketplace.md).
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
    const sound = await postListing(deps, cora, {
      kind: 'seeking',
      role: 'sound',
      title: 'Location sound recordist, two weekends',
      description: 'Exterior dialogue scenes on a harbour. Your own kit preferred.',
      pay: 'paid',
      location: 'Hamburg',
    });
    const editor = await postListing(deps, milo, {
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
    await requestCollaboration(deps, vera, sound.id, {
      message: 'I record sound for student films and have my own recorder and boom. Free both weekends in May.',
    });
    const collaboration = await requestCollaboration(deps, cora, editor.id, {
      message: 'Would you cut a two-minute animated trailer for my next campaign? Storyboards are done.',
    });
    await acceptRequest(deps, milo, collaboration.id, { message: 'Happy to. Send the storyboards over.' });
    await agreeToCollaboration(deps, milo, collaboration.id);
    await agreeToCollaboration(deps, cora, collaboration.id);
    log(
      'marketplace: a request waiting (vera_viewer to cora_creator), a collaboration agreed (cora_creator, milo_maker)',
    );
  },
};
