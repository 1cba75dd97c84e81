import { APPLICATION_TEXT } from './applications/texts';
import { CAMPAIGN_FORM_TEXT } from './campaigns/form-texts';
import { INVITATION_TEXT } from './campaigns/invitation-texts';
import { CAMPAIGN_SCREEN_TEXT } from './campaigns/screen-texts';
import { TEAM_TEXT } from './campaigns/team-texts';
import { CAMPAIGN_TEXT } from './campaigns/texts';
import { COIN_ANALYTICS_TEXT } from './coins/analytics-texts';
import { COIN_BUY_TEXT } from './coins/buy-texts';
import { COIN_COLLECT_TEXT } from './coins/collect-texts';
import { COIN_TEXT } from './coins/texts';
import { CONTENT_TEXT } from './content/texts';
import { DISPUTE_TEXT } from './disputes/texts';
import { MARKETPLACE_TEXT } from './marketplace/texts';
import { VOTE_TEXT } from './milestones/texts';
import { PAYMENT_TEXT } from './payments/texts';
import { REFUND_TEXT } from './refunds/texts';
import { REPORT_TEXT } from './reports/texts';
import { SHARE_TEXT } from './short-links/texts';
import { CHROME_TEXT } from './site/chrome-texts';
import { SITE_TEXT } from './site/texts';
import { WALLET_TEXT } from './wallets/texts';

export { fillText } from './fill-text';

/**
 * Every user-facing text, verbatim, in one place for the server and the tests. Browser code imports
 * its feature's module instead, so each page's script carries only the texts it shows.
 */
export const TEXT = {
  ...CHROME_TEXT,
  ...SITE_TEXT,
  ...CAMPAIGN_TEXT,
  ...CAMPAIGN_FORM_TEXT,
  ...CAMPAIGN_SCREEN_TEXT,
  ...TEAM_TEXT,
  ...INVITATION_TEXT,
  ...VOTE_TEXT,
  ...PAYMENT_TEXT,
  ...REFUND_TEXT,
  ...DISPUTE_TEXT,
  ...WALLET_TEXT,
  ...COIN_TEXT,
  ...COIN_ANALYTICS_TEXT,
  ...COIN_BUY_TEXT,
  ...COIN_COLLECT_TEXT,
  ...APPLICATION_TEXT,
  ...MARKETPLACE_TEXT,
  ...CONTENT_TEXT,
  ...REPORT_TEXT,
  ...SHARE_TEXT,
} as const;

export type MessageKey = keyof typeof TEXT;
