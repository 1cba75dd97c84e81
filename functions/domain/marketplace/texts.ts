/** The marketplace's texts that SPEC does not give (docs/marketplace.md), in plain words. */
export const MARKETPLACE_TEXT = {
  listingNotFound: 'This listing does not exist',
  listingNotYours: 'Only the person who posted this listing can change it',
  listingCampaignNotYours: 'Choose one of your own campaigns',
  listingAlreadyClosed: 'This listing is already closed',
  listingAlreadyOpen: 'This listing is already open',
  listingPosted: 'Your listing is posted',
  listingSaved: 'Listing saved',
  listingClosed: 'Listing closed',
  listingReopened: 'Listing reopened',
  listingClosedNote: 'This listing is closed: its author is not taking requests for it.',
  listingsEmpty: 'No listings match',
  listingsEmptyBody: 'Try another role or fewer words, or post a listing of your own.',
  listingsMineEmpty: 'You have not posted a listing yet',
  listingRemote: 'Remote',
} as const;
