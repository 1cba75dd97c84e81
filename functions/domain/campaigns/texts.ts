/**
 * The texts the server gives about campaigns: refusals, the states its screens render, and the
 * texts no browser code shows. Browser code imports the module of its feature; the server may use
 * `TEXT`, which includes them all.
 */
export const CAMPAIGN_TEXT = {
  videoOrCampaignNotFound: 'Video or campaign not found',
  editOwnOnly: 'You can only edit campaigns for your own movies',
  viewOwnOnly: 'You can only view campaigns for your own movies',
  allMustApprove: 'All team members must approve their revenue share before submission',
  videoNotFoundState: 'Video Not Found',
  campaignNotFoundState: 'Campaign Not Found',
  campaignNotFoundBody: 'The campaign does not exist or you lack permission.',
  stepCreate: 'Create Campaign',
  stepSubmit: 'Submit for Approval',
  stepLaunch: 'Launch Campaign',
  stepLive: 'Live & Funding',
  stepComplete: 'Campaign Complete',
  campaignEnded: 'Campaign has ended',
  pendingFromContributor: 'Pending approval from contributor',
  underReviewTitle: 'Under Review',
  underReviewBody:
    'Our team is checking your campaign for compliance with our guidelines and fairness to everyone on the team.',
  underReviewNotify: 'You will be notified as soon as it is approved or rejected.',
  underReviewTime: 'Average review time: 1-2 business days',
  remainderNote:
    'Each share is rounded down to one decimal; the rounding remainder goes to the originator, so the total is exactly 100%.',
  teamChangedConflict: 'The campaign changed while you were working on it. Reload and try again.',
  campaignHasLedger:
    'Payments have been made to this campaign, so it cannot be deleted. An admin can cancel it instead: payments still held are refunded to their payers.',
  underReviewLocked: 'The campaign is under review and cannot be changed until the review is finished.',
  teamLocked: 'The team cannot change while the campaign is under review, completed or cancelled.',
  teamFull: 'A team can have at most 20 members',
  alreadyMember: 'That user is already on the team',
  ownerIsOriginator: 'The film owner is already on the team as its originator',
  campaignExists: 'This film already has a campaign',
  filmNotApproved: 'Only a film approved for the catalogue can start a campaign',
  // A notification whose page its reader can no longer open says why.
  invitationWithdrawn: 'This invitation was withdrawn',
  offTeam: "You are no longer on this campaign's team",
  notAllowedFromStatus: 'That is not possible while the campaign is {status}',
  allMustApproveForLaunch: 'All team members must approve their revenue share before the campaign can be launched',
  resetApprovalsFailed: 'Failed to reset contributor approvals',
} as const;
