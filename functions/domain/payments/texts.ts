/**
 * The texts of funding a campaign: when it takes payments and when it does not. Browser code
 * imports the module of its feature; the server may use `TEXT`, which includes them all.
 */
export const PAYMENT_TEXT = {
  campaignEnding: 'This campaign ends in less than 30 minutes and takes no new payments.',
  campaignEndedTeam:
    '"{title}" reached its end date and is complete. What it raised is released to the team by the agreed split.',
  campaignEndedBacker:
    '"{title}", a campaign you funded, reached its end date and is complete. Thank you for your support.',
  campaignNotTakingPayments: 'This campaign is not taking payments right now.',
  campaignVoting: 'Payments are paused while the team votes on extending the campaign.',
  proposalNote:
    'Money follows the agreed split until everyone on the proposed one approves it; meanwhile the campaign takes no payments.',
  campaignWaitingForTeam:
    'Payments are paused while the team approves a change to its revenue split. Please come back once everyone has approved.',
  checkoutCancelled: 'Checkout cancelled: nothing was charged.',
  guestEmailRequired: 'Please give your email address to donate as a guest',
  signInToFund: 'Sign in to fund',
  guestsDonate: 'Anyone can donate, no account needed. Funding is for signed-in backers.',
  payingAs: 'Paying as {email}: the receipt goes to this address.',
} as const;
