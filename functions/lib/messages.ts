import { CHROME_MSG } from './chrome-messages';

/**
 * Every user-facing text the specification gives, verbatim, in one place: the UI, the API and the
 * tests all read them from here.
 */
export const MSG = {
  ...CHROME_MSG,
  // Not found (SPEC 2 Other screens)
  notFoundCode: '404',
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
  // SPEC 7: the subject of a campaign invitation decline message (the popover finds its sender by it)
  declineSubject: 'Campaign Invitation Declined',
  unknownContributor: 'Unknown contributor',
  // Campaigns (SPEC 5, 8)
  videoOrCampaignNotFound: 'Video or campaign not found',
  videoNotFound: 'Video not found',
  editOwnOnly: 'You can only edit campaigns for your own movies',
  viewOwnOnly: 'You can only view campaigns for your own movies',
  saveFirst: 'Please save the campaign first',
  titleRequired: 'Campaign title is required',
  invalidGoal: 'Please enter a valid goal amount',
  goalRange: 'Funding goal must be between $1,000 and $10,000',
  goalIncrement: 'Funding goal must be in $1,000 increments (e.g., $1,000, $2,000, etc.)',
  endDateFuture: 'Campaign end date must be in the future',
  allMustApprove: 'All team members must approve their revenue share before submission',
  waitingForTeam: 'Waiting for all team members to approve their revenue share before campaign can be submitted',
  selectUser: 'Please select a user',
  // Catalogue (SPEC 2 route table; issue #5)
  popularMovies: 'Popular Movies',
  signInToWatch: 'Sign in to watch',
  // Campaign toasts and screen states (SPEC 8)
  coinDeployed: 'Creator coin deployed successfully with anti-scam protection!',
  coinDeployFailed: 'Failed to deploy creator coin',
  updateFailed: 'Failed to update campaign',
  createFailed: 'Failed to create campaign: {message}',
  saveFailed: 'Failed to save campaign',
  approveShareFailed: 'Failed to approve revenue share',
  submitFailed: 'Failed to submit campaign for approval',
  resetApprovalsFailed: 'Failed to reset contributor approvals',
  extensionSaved: 'Campaign extension saved - requires contributor and admin approval',
  updatedForReview: 'Campaign updated and paused for admin review',
  savedSuccessfully: 'Campaign saved successfully',
  submittedForApproval: 'Campaign submitted for approval',
  collaborationApproved: 'Campaign collaboration approved! You can now access this campaign from your dashboard.',
  joinedCampaign: 'You have successfully joined the campaign!',
  approveInvitationFailed: 'Failed to approve campaign invitation',
  declineInvitationFailed: 'Failed to decline campaign invitation',
  campaignInvitationDeclined: 'Campaign invitation declined',
  invitationDeclined: 'Invitation declined',
  contributorInfoNotFound: 'Contributor information not found',
  unableToDecline: 'Unable to decline invitation',
  failedToDecline: 'Failed to decline invitation',
  dataNotAvailable: 'Campaign or video data not available',
  onlyOriginatorLaunches: 'Only the originator can launch the campaign',
  launchFailed: 'Failed to launch campaign',
  launched: 'Campaign launched successfully! It is now live and accepting funding.',
  addContributorFailed: 'Failed to add contributor',
  contributorAdded: 'Contributor added successfully and notified',
  removeContributorFailed: 'Failed to remove contributor',
  contributorRemoved: 'Contributor removed and shares recalculated',
  noCampaignToPause: 'No campaign found to pause',
  pauseFailed: 'Failed to pause campaign',
  paused: 'Campaign paused successfully',
  noCampaignToDelete: 'No campaign found to delete',
  deleteFailed: 'Failed to delete campaign',
  deleted: 'Campaign deleted successfully',
  videoNotFoundState: 'Video Not Found',
  campaignNotFoundState: 'Campaign Not Found',
  campaignNotFoundBody: 'The campaign does not exist or you lack permission.',
  // Progress tracker (SPEC 4)
  stepCreate: 'Create Campaign',
  stepSubmit: 'Submit for Approval',
  stepLaunch: 'Launch Campaign',
  stepLive: 'Live & Funding',
  stepComplete: 'Campaign Complete',
  campaignEnded: 'Campaign has ended',
  pendingFromContributor: 'Pending approval from contributor',
  approveAndJoin: 'Approve & Join',
  // Texts of this product for what the SPEC describes without wording
  campaignEnding: 'This campaign ends in less than 30 minutes and takes no new payments.',
  campaignEndedTeam:
    '"{title}" reached its end date and is complete. What it raised is released to the team by the agreed split.',
  campaignEndedBacker:
    '"{title}", a campaign you funded, reached its end date and is complete. Thank you for your support.',
  titleTooLong: 'Campaign title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  platformFeeRange: 'Platform fee must be a whole number from 0 to 100',
  coinSymbolInvalid: 'Coin symbol must be 1 to 6 letters or digits',
  coinPriceInvalid: 'Coin price must be at least $0.01, in steps of $0.01',
  underReviewTitle: 'Under Review',
  underReviewBody:
    'Our team is checking your campaign for compliance with our guidelines and fairness to everyone on the team.',
  underReviewNotify: 'You will be notified as soon as it is approved or rejected.',
  underReviewTime: 'Average review time: 1-2 business days',
  remainderNote:
    'Each share is rounded down to one decimal; the rounding remainder goes to the originator, so the total is exactly 100%.',
  teamChangedConflict: 'The campaign changed while you were working on it. Reload and try again.',
  campaignHasMoney: 'This campaign has received funds and cannot be deleted. Cancel it instead.',
  campaignHasLedger:
    'Payments have been made to this campaign, so it cannot be deleted. Cancel it instead: payments still held are refunded to their payers.',
  refundedTitle: 'Payment refunded',
  refundedCancelled:
    'Your payment of {amount} to "{campaign}" was refunded in full because the campaign was cancelled.',
  refundedAtStripe: 'Your payment of {amount} to "{campaign}" was refunded in full.',
  campaignRefunded:
    'This campaign was cancelled and every payment it still held was refunded in full to its payer: {payments}, {amount} in all.',
  campaignRefunding: 'This campaign was cancelled. Its payments are being refunded in full to their payers.',
  underReviewLocked: 'The campaign is under review and cannot be changed until the review is finished.',
  teamLocked: 'The team cannot change while the campaign is under review, completed or cancelled.',
  teamFull: 'A team can have at most 20 members',
  alreadyMember: 'That user is already on the team',
  ownerIsOriginator: 'The film owner is already on the team as its originator',
  rejectionReasonRequired: 'Please give a reason for the rejection',
  campaignExists: 'This film already has a campaign',
  filmNotApproved: 'Only a film approved for the catalogue can start a campaign',
  checkoutCancelled: 'Checkout cancelled: nothing was charged.',
  // A notification whose page its reader can no longer open says why.
  invitationWithdrawn: 'This invitation was withdrawn',
  offTeam: "You are no longer on this campaign's team",
  notAllowedFromStatus: 'That is not possible while the campaign is {status}',
  allMustApproveForApproval: 'All team members must approve their revenue share before the campaign can be approved',
  allMustApproveForLaunch: 'All team members must approve their revenue share before the campaign can be launched',
  shareChanged: 'Your revenue share changed. Review it and approve again.',
  invitationCancelled: 'This campaign was cancelled',
  campaignNotTakingPayments: 'This campaign is not taking payments right now.',
  campaignVoting: 'Payments are paused while the team votes on extending the campaign.',
  proposalNote:
    'Money follows the agreed split until everyone on the proposed one approves it; meanwhile the campaign takes no payments.',
  campaignWaitingForTeam:
    'Payments are paused while the team approves a change to its revenue split. Please come back once everyone has approved.',
  guestEmailRequired: 'Please give your email address to donate as a guest',
  // Vote dialog (SPEC 8): the title and the error are the spec's; the two descriptions are ours.
  voteRecorded: 'Vote Recorded',
  voteRecordedExtend: 'You voted to extend the campaign to its next milestone.',
  voteRecordedComplete: 'You voted to complete the campaign.',
  voteFailed: 'Error: Failed to record your vote. Please try again.',
  closingReleaseTitle: 'Campaign completed: funds released',
  closingReleaseMessage:
    '"{title}" was completed. The {amount} it held was released to the team by share; payouts follow.',
  // The milestone vote (SPEC 4 Milestone reached, 7 vote-campaign-extension).
  voteNotOpen: 'There is no extension vote open for this campaign.',
  voteAlreadyCast: 'You have already voted in this round; a vote cannot be changed.',
  voteOwnOnly: 'You can only cast your own vote.',
  voteMembersOnly: 'Only the campaign team votes on extending it.',
  voteTeamLocked: 'The team cannot change while it votes on extending the campaign.',
  voteInProgress: 'The team is voting on extending this campaign: only an admin may cancel it until the vote ends.',
  milestoneReachedTitle: 'Milestone reached: your vote is needed',
  milestoneReachedMessage:
    '"{title}" reached its {goal} goal (milestone {number}). Payments are paused: vote to extend to the next milestone or complete the campaign.',
  voteExtendedTitle: 'The team voted to extend',
  voteExtendedMessage: '"{title}" continues to its next goal of {goal}. Payments have resumed.',
  voteCompletedTitle: 'The campaign is complete',
  voteCompletedMessage: 'The team voted to complete "{title}" at milestone {number}.',
  voteExtendPastEnd:
    'The team voted to extend "{title}", but its end date has passed, so it is complete. To continue, the owner sets a new end date, which the team and an admin approve again.',
  // Wallets (SPEC 5, 8)
  noActiveWallet: 'No active wallet found',
  walletCannotSwitchChain: 'Wallet does not support switching chains',
  walletWithoutAccount: 'Cannot set a wallet without an account as active',
  switchWithoutConnection: 'Cannot switch chain without a previous connection',
  invalidAddress: 'Invalid address',
  // Linking a wallet to an account (Sign-In with Ethereum): ours.
  walletSignInStatement: 'Link this wallet to your Reelfund account.',
  walletNonceInvalid: 'This sign-in request has expired or was already used. Please try again.',
  walletMessageInvalid: 'This is not a valid Sign-In with Ethereum message.',
  walletWrongDomain: 'This message was made for another site.',
  walletWrongChain: 'Wallets can only be linked on {chains}.',
  walletMessageExpired: 'This sign-in message has expired. Please sign a new one.',
  walletBadSignature: 'The signature does not match the wallet address.',
  walletAddressTaken: 'This wallet is already linked to another account.',
  walletChainTaken: 'You already linked a wallet on {chain}. Unlink it first.',
  walletNotLinked: 'You have no wallet linked on that chain.',
  walletLinked: 'Wallet linked',
  walletUnlinked: 'Wallet unlinked',
  walletFailed: 'Your wallet did not complete the request. Please try again.',
  walletRequestDeclined: 'You declined the request in your wallet.',
  walletNoneFound: 'No browser wallet found. Install a wallet extension, then reload this page.',
  walletUnsupportedChain: 'Switch your wallet to {chains} to link it.',
  walletTooManyNonces: 'Too many sign-in requests. Please try again in {seconds} seconds.',
} as const;

/** Fills `{name}` placeholders of a message template. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

export type MessageKey = keyof typeof MSG;
