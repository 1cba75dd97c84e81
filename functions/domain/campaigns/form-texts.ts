/**
 * The texts of the campaign settings screen: field errors, shared with the server's checks, and the
 * toasts of its actions. Browser code imports the module of its feature; the server may use `TEXT`,
 * which includes them all.
 */
export const CAMPAIGN_FORM_TEXT = {
  saveFirst: 'Please save the campaign first',
  titleRequired: 'Campaign title is required',
  invalidGoal: 'Please enter a valid goal amount',
  goalRange: 'Funding goal must be between $1,000 and $10,000',
  goalIncrement: 'Funding goal must be in $1,000 increments (e.g., $1,000, $2,000, etc.)',
  endDateFuture: 'Campaign end date must be in the future',
  waitingForTeam: 'Waiting for all team members to approve their revenue share before campaign can be submitted',
  updateFailed: 'Failed to update campaign',
  createFailed: 'Failed to create campaign: {message}',
  submitFailed: 'Failed to submit campaign for approval',
  extensionSaved: 'Campaign extension saved - requires contributor and admin approval',
  updatedForReview: 'Campaign updated and paused for admin review',
  savedSuccessfully: 'Campaign saved successfully',
  submittedForApproval: 'Campaign submitted for approval',
  onlyOriginatorLaunches: 'Only the originator can launch the campaign',
  launchFailed: 'Failed to launch campaign',
  launched: 'Campaign launched successfully! It is now live and accepting funding.',
  noCampaignToPause: 'No campaign found to pause',
  pauseFailed: 'Failed to pause campaign',
  paused: 'Campaign paused successfully',
  noCampaignToDelete: 'No campaign found to delete',
  deleteFailed: 'Failed to delete campaign',
  deleted: 'Campaign deleted successfully',
  titleTooLong: 'Campaign title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  platformFeeRange: 'Platform fee must be a whole number from 0 to 100',
  coinSymbolInvalid: 'Coin symbol must be 1 to 6 letters or digits',
  coinPriceInvalid: 'Coin price must be at least $0.01, in steps of $0.01',
  campaignHasMoney:
    'This campaign has received funds and cannot be deleted. An admin can cancel it instead, which refunds the payments still held.',
  // Where that cancel is: below for an admin on the admin settings; elsewhere, a way to it.
  cancelBelow:
    'This campaign has received funds and cannot be deleted. Cancel it instead: choose Cancelled under Set status below. Payments still held are refunded.',
  askAdminToCancel: 'Ask us to cancel it',
  openAdminSettings: 'Cancel it from the admin settings',
  rejectionReasonRequired: 'Please give a reason for the rejection',
  allMustApproveForApproval: 'All team members must approve their revenue share before the campaign can be approved',
  saveFailed: 'Failed to save campaign',
} as const;
