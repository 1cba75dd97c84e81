import { eq } from 'drizzle-orm';
import { ANYONE } from '../auth/authorize';
import { creatorApplications } from '../db/schema';
import { approveApplication, submitApplication } from '../services/applications';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/** A guest's application waiting for review, and milo_maker's approved one (the demo's admin decided it). */
export const applicationsSeed: SeedModule = {
  name: 'applications',
  async run(deps, log) {
    await submitApplication(deps, ANYONE, {
      name: 'Nina Newcomer',
      email: 'nina.newcomer@example.com',
      work: 'Short documentaries about coastal towns, shot on 16 mm.',
      links: ['https://example.com/nina/reel', 'https://example.com/nina/harbour-lights'],
      film: 'Harbour Lights: a feature about the last lighthouse keepers of the North Sea.',
      heardFrom: 'A friend who backed a campaign here',
    });
    const milo = await viewerFor(deps.db, EMAILS.milo);
    const admin = await viewerFor(deps.db, 'admin@reelfund.local');
    if (!milo || !admin) return;
    await submitApplication(deps, milo, {
      work: 'Animated shorts and music videos.',
      links: ['https://example.com/milo/paper-birds'],
      film: 'Paper Birds, an animated feature.',
      heardFrom: 'Film festival',
    });
    const mine = await deps.db
      .select({ id: creatorApplications.id })
      .from(creatorApplications)
      .where(eq(creatorApplications.email, milo.email))
      .get();
    if (mine) await approveApplication(deps, admin, mine.id);
    log('applications: one waiting (nina.newcomer@example.com), one approved (milo_maker)');
  },
};
