import { CAMPAIGN_FORM_MSG } from './campaigns/form-messages';
import { INVITATION_MSG } from './campaigns/invitation-messages';
import { CAMPAIGN_MSG } from './campaigns/messages';
import { CAMPAIGN_SCREEN_MSG } from './campaigns/screen-messages';
import { TEAM_MSG } from './campaigns/team-messages';
import { COIN_MSG } from './coins/messages';
import { VOTE_MSG } from './milestones/messages';
import { PAYMENT_MSG } from './payments/messages';
import { REFUND_MSG } from './refunds/messages';
import { CHROME_MSG } from './site/chrome-messages';
import { SITE_MSG } from './site/messages';
import { WALLET_MSG } from './wallets/messages';

export { fillMessage } from './fill-message';

/**
 * Every user-facing text, verbatim, in one place for the server and the tests. Browser code imports
 * its feature's module instead, so each page's script carries only the texts it shows.
 */
export const MSG = {
  ...CHROME_MSG,
  ...SITE_MSG,
  ...CAMPAIGN_MSG,
  ...CAMPAIGN_FORM_MSG,
  ...CAMPAIGN_SCREEN_MSG,
  ...TEAM_MSG,
  ...INVITATION_MSG,
  ...VOTE_MSG,
  ...PAYMENT_MSG,
  ...REFUND_MSG,
  ...WALLET_MSG,
  ...COIN_MSG,
} as const;

export type MessageKey = keyof typeof MSG;
