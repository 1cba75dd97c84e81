import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { auditRoutes } from './audit';
import { filmImportRoutes } from './film-imports';
import { adminHiddenRoutes } from './hidden';
import { adminCampaignRoutes, adminMoneyRoutes } from './lists';
import { adminOverviewRoutes } from './overview';
import { adminPayoutRoutes } from './payouts';
import { adminPeopleRoutes } from './people';
import { siteSettingsRoutes } from './site-settings';

/** /api/admin — the admin screens' endpoints: site settings, payouts, the audit list, people, film imports and hidden items. Each verb checks the role. */
export const adminRoutes = new Hono<AppEnv>()
  .route('/site-settings', siteSettingsRoutes)
  .route('/payouts', adminPayoutRoutes)
  .route('/audit', auditRoutes)
  .route('/people', adminPeopleRoutes)
  .route('/film-imports', filmImportRoutes)
  .route('/overview', adminOverviewRoutes)
  .route('/money', adminMoneyRoutes)
  .route('/campaigns', adminCampaignRoutes)
  .route('/hidden', adminHiddenRoutes);
