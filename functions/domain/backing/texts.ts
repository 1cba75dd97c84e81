/**
 * The texts of the backer's page (/backing) and the receipts. The SPEC gives none: plain words.
 * Placeholders are filled with fillText.
 */
export const BACKING_TEXT = {
  pageTitle: 'My backing',
  lead: 'Every payment you made to a campaign, where your money is now, and a receipt for each.',
  empty: 'You have not backed a campaign yet.',
  emptyBody: 'When you fund or donate to a film, your payment, its status and its receipt appear here.',
  kindFunding: 'Funding',
  kindDonation: 'Donation',
  kindPayment: 'Payment',
  statusHeld: 'Held in escrow — refundable in full if the campaign is cancelled',
  statusReleased: 'Released to the team at milestone {n} on {date}',
  statusRefunded: 'Refunded on {date}: {why}',
  statusDisputed: 'Disputed',
  statusDisputedOn: 'Disputed on {date} — held apart until the card issuer decides',
  statusDisputeLost: 'Disputed and lost on {date} — the card issuer returned the money to the card',
  statusDisputeWon: '{status} (a dispute was won on {date})',
  totalsDisputed: 'Disputed',
  refundCancelled: 'the campaign was cancelled',
  refundAtStripe: 'refunded through Stripe',
  refundNotTaking: 'the campaign was not taking payments when it arrived',
  totalsReleased: 'Released to the team',
  totalsHeld: 'Held in escrow',
  totalsRefunded: 'Refunded',
  milestonesHeading: 'Milestones',
  milestoneReleased: 'Milestone {n}: the team voted on {date} and released {amount}',
  milestoneVoting: 'Milestone {n}: reached on {date}; the team is voting',
  closingRelease: 'Campaign complete: {amount} released to the team on {date}',
  noMilestones: 'No milestone reached yet.',
  receiptLink: 'Receipt',
  viewReceipt: 'View your receipt',
  receiptTitle: 'Receipt',
  receiptTestLabel: 'TEST — a simulated payment; no real money moved',
  receiptTerms: 'The terms you agreed to (version {version})',
  receiptTermsUnknown: 'This payment was made before terms versions were recorded.',
  print: 'Print',
  statementHeading: 'Yearly statement',
  statementLead: 'Download every payment of a year as a CSV file.',
  statementDownload: 'Download CSV',
  statementYear: 'Year',
} as const;

/** The payment confirmation mail (docs/backing.md): sent once per payment, with its receipt's link. */
export const RECEIPT_MAIL = {
  subject: 'Your payment to “{film}”',
  text: 'Thank you. We received your {kind} of {amount} to “{film}”.\n\nWhere your money is and your receipt: {link}\n\n— Reelfund',
} as const;

/** A guest's link to their payments (docs/backing.md). */
export const GUEST_LINK_TEXT = {
  guestTitle: 'Your payments',
  guestLead: 'Every payment made with {email}, and where the money is now.',
  invalid: 'This link has expired or is not valid.',
  invalidBody: 'Links to your payments last 30 days. Type the email you paid with and we will send a new one.',
  requestHeading: 'Paid as a guest?',
  requestLead: 'Type the email you paid with and we will send you a link to your payments.',
  emailLabel: 'Your email',
  requestButton: 'Send me a link',
  requested: 'If that address paid for anything on Reelfund, a link to its payments is on its way.',
  tooMany: 'Too many links were asked for. Please try again later.',
  mailSubject: 'Your payments on Reelfund',
  mailText:
    'Here is your link to every payment made with this address, and where the money is now (it works for 30 days):\n\n{link}\n\n— Reelfund',
} as const;

/**
 * What backers hear of a campaign they paid into (docs/backing.md, "Told"): a notice (signed in) and
 * a mail (everyone). The end date's and the refunds' own words are those of their features.
 */
export const TOLD_TEXT = {
  milestoneTitle: 'A campaign you backed reached a milestone',
  milestone:
    '"{title}" reached milestone {number} ({goal}). Its team now votes on releasing the money in escrow and going on.',
  releasedTitle: 'Money released to the team',
  releasedExtended:
    'The team of "{title}" voted at milestone {number}: {amount} left escrow for the team, and the campaign goes on to a new goal of {goal}.',
  releasedCompleted:
    'The team of "{title}" voted at milestone {number}: {amount} left escrow for the team, and the campaign is complete.',
  completedTitle: 'A campaign you backed is complete',
  voteCompleted: '"{title}" is complete: its team\'s vote at milestone {number} ended the campaign.',
  completed:
    'An admin completed "{title}". The team keeps what it raised: what is still in escrow is released to it by the agreed split.',
  refundedCancelledMany:
    'Your {count} payments to "{campaign}", {amount} in all, were refunded in full because the campaign was cancelled.',
  mail: '{message}\n\nYour payments and where the money is now: {link}\n\n— Reelfund',
} as const;

/**
 * Following a campaign (docs/backing.md, "Following"): the control, the /backing section, and what a
 * follower who paid nothing hears (a backer who follows reads the backers' words).
 */
export const FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  followHint: 'Hear when it reaches a milestone, 48 hours before it ends, and when it ends.',
  heading: 'Campaigns you follow',
  lead: 'You hear when each reaches a milestone, 48 hours before it ends, and when it ends.',
  none: 'You follow no campaign. Follow one from its film page to hear how it goes.',
  raisedOf: '{raised} raised of {goal}',
  milestoneTitle: 'A campaign you follow reached a milestone',
  completedTitle: 'A campaign you follow is complete',
  ended: '"{title}", a campaign you follow, reached its end date and is complete.',
  cancelledTitle: 'A campaign you follow was cancelled',
  cancelled: '"{title}", a campaign you follow, was cancelled and takes no more payments.',
  endingTitle: 'A campaign you follow ends soon',
  ending: '"{title}" ends in 48 hours or less: its last day of funding is {date} (UTC).',
  mail: '{message}\n\nThe campaigns you follow: {link}\n\n— Reelfund',
  mailFilm: '{message}\n\nSee the campaign: {link}\n\n— Reelfund',
} as const;
