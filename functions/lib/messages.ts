import { CAMPAIGN_FORM_MSG } from '../domain/campaigns/form-messages';
import { INVITATION_MSG } from '../domain/campaigns/invitation-messages';
import { CAMPAIGN_MSG } from '../domain/campaigns/messages';
import { TEAM_MSG } from '../domain/campaigns/team-messages';
import { VOTE_MSG } from '../domain/milestones/messages';
import { PAYMENT_MSG } from '../domain/payments/messages';
import { REFUND_MSG } from '../domain/refunds/messages';
import { SITE_MSG } from '../domain/site/messages';
import { WALLET_MSG } from '../domain/wallets/messages';
import { CHROME_MSG } from './chrome-messages';

export { fillMessage } from '../domain/fill-message';

/**
 * Every user-facing text, verbatim, in one place for the server and the tests. Browser code imports
 * its feature's module instead, so each page's script carries only the texts it shows.
 */
export const MSG = {
  ...CHROME_MSG,
  ...SITE_MSG,
  ...CAMPAIGN_MSG,
  ...CAMPAIGN_FORM_MSG,
  ...TEAM_MSG,
  ...INVITATION_MSG,
  ...VOTE_MSG,
  ...PAYMENT_MSG,
  ...REFUND_MSG,
  ...WALLET_MSG,
} as const;

export type MessageKey = keyof typeof MSG;
