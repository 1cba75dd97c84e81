/**
 * Every user-facing text the specification gives, verbatim, in one place: the UI, the API and the
 * tests all read them from here.
 */
export const MSG = {
  // Session and sign-out (SPEC 2 Header, 8)
  signedOut: 'Signed out successfully',
  signOutError: 'Error signing out',
  sessionRetry: 'Session check failed, retrying...',
  sessionFailed: 'Failed to check session',
  authenticating: 'Authenticating...',
  redirecting: 'Redirecting...',
  // Not found (SPEC 2 Other screens)
  notFoundCode: '404',
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
  unknownUser: 'Unknown User',
  // SPEC 7: the subject of a campaign invitation decline message (the popover finds its sender by it)
  declineSubject: 'Campaign Invitation Declined',
  unknownContributor: 'Unknown contributor',
  failedToLoad: 'Failed to load data',
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
} as const;

export type MessageKey = keyof typeof MSG;
