import { myListings } from '../services/marketplace';
import { submitReport } from '../services/reports';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/** One open report for the admins' Reports tab: milo_maker on vera_viewer's listing (docs/reports.md). */
export const reportsSeed: SeedModule = {
  name: 'reports',
  async run(deps, log) {
    const milo = await viewerFor(deps.db, EMAILS.milo);
    const vera = await viewerFor(deps.db, EMAILS.vera);
    if (!milo || !vera) return;
    const listing = (await myListings(deps, vera)).listings[0];
    if (!listing) return;
    await submitReport(deps, milo, {
      kind: 'listing',
      itemId: listing.id,
      reason: 'spam',
      note: 'The same listing was posted three times this week, each with a link to a paid casting site.',
    });
    log('reports: one open report (milo_maker on vera_viewer’s listing)');
  },
};
