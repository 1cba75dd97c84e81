/** Payout texts shown to members and admins, written here once, shared by pages and tests. */
export const PAYOUT_TEXT = {
  waitingForAccount: 'Waiting for payout account',
  notConnected: 'No payout account connected',
  onboardingIncomplete: 'Payout account setup is not finished',
  ready: 'Payouts are ready',
  connectForbidden: 'Only creators and team members with payouts can connect a payout account',
  stripeUnavailable: 'Stripe is unavailable right now. Please try again in a moment.',
  notRetryable: 'Only a failed or waiting payout can be retried',
  accountNotReady: "The member's payout account cannot receive transfers yet",
  completedTitle: 'Payout sent',
  waitingTitle: 'Payout waiting',
  waitingMessage:
    '{amount} from milestone {number} of "{title}" is yours: see it under My Payouts. It is sent as soon as your payout account can receive it.',
} as const;
