/**
 * The texts of a team invitation and of approving one's revenue share. Browser code imports the
 * module of its feature; the server may use `TEXT`, which includes them all.
 */
export const INVITATION_TEXT = {
  declineSubject: 'Campaign Invitation Declined',
  collaborationApproved: 'Campaign collaboration approved! You can now access this campaign from your dashboard.',
  joinedCampaign: 'You have successfully joined the campaign!',
  approveInvitationFailed: 'Failed to approve campaign invitation',
  declineInvitationFailed: 'Failed to decline campaign invitation',
  campaignInvitationDeclined: 'Campaign invitation declined',
  invitationDeclined: 'Invitation declined',
  contributorInfoNotFound: 'Contributor information not found',
  unableToDecline: 'Unable to decline invitation',
  failedToDecline: 'Failed to decline invitation',
  approveAndJoin: 'Approve & Join',
  shareChanged: 'Your revenue share changed. Review it and approve again.',
  invitationCancelled: 'This campaign was cancelled',
  approveShareFailed: 'Failed to approve revenue share',
} as const;
