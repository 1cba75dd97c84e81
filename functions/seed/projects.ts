import { and, eq } from 'drizzle-orm';
import { campaigns, marketplaceListings, videos } from '../db/schema';
import { addMember } from '../services/campaigns';
import { postProject } from '../services/projects';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/**
 * Two projects of cora_creator's through the same verb as the pages (docs/projects.md): one shooting,
 * with her live campaign (so it shows what it raised) and two roles needed made as new listings; one
 * in development that names her composer listing from the marketplace seed. milo_maker invites her onto
 * "Glass Mountain", so her dashboard has an invitation waiting.
 */
export const projectsSeed: SeedModule = {
  name: 'projects',
  async run(deps, log) {
    const cora = await viewerFor(deps.db, EMAILS.cora);
    if (!cora) return;
    const live = await deps.db
      .select({ id: campaigns.id, movieId: campaigns.movieId })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(and(eq(videos.contributorId, cora.userId), eq(campaigns.status, 'live')))
      .get();
    await postProject(deps, cora, {
      title: 'Harbour Lights',
      logline: 'A night-shift harbour pilot guides one last ship home before the port closes for good.',
      description:
        'A 90-minute drama shot over four weeks on a working harbour. The campaign funds the night shoots and the sound mix.',
      stage: 'shooting',
      roles: [
        {
          role: 'cinematographer',
          pay: 'paid',
          description: 'Night exteriors on a working harbour; low light, small crew.',
        },
        {
          role: 'actor',
          pay: 'revenue_share',
          description: 'Two supporting parts: a dock worker and a radio operator.',
        },
      ],
      campaignId: live?.id ?? null,
      filmId: live?.movieId ?? null,
    });
    const composer = await deps.db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .where(and(eq(marketplaceListings.authorId, cora.userId), eq(marketplaceListings.role, 'composer')))
      .get();
    await postProject(deps, cora, {
      title: 'The Lantern Keeper',
      logline: 'An old lighthouse keeper teaches a runaway girl to read the sea.',
      description: 'An animated short in early development: the script is written and the storyboards are under way.',
      stage: 'development',
      roles: composer ? [{ listingId: composer.id }] : [{ role: 'composer', pay: 'revenue_share' }],
    });
    // An invitation for cora_creator's dashboard: milo_maker asks her onto "Glass Mountain" (pending).
    const milo = await viewerFor(deps.db, EMAILS.milo);
    const glass = await deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.title, 'Glass Mountain'))
      .get();
    if (milo && glass) await addMember(deps, milo, glass.id, { userId: cora.userId, role: 'Editor' });
    log(`projects: two of cora_creator's (one shooting${live ? ', with her live campaign' : ''}, one in development)`);
  },
};
