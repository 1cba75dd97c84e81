/**
 * Every verb that takes input (a request's body or query, a job's or a command's), and where that input is in
 * its arguments (0 is the dependency bundle, 1 the actor). Each checks it with the schema its route
 * uses (functions/domain/<feature>/input.ts) right after authorizing: tests/workers/authz/verb-input.test.ts
 * calls each one directly with a malformed value there and expects `validation_failed`, and
 * tests/unit/verbs-authorize.test.ts fails if a verb with a parameter named input, q or filter is
 * missing here.
 */
export const VERB_INPUTS: Record<string, number> = {
  'accounts/ensure-user#ensureUser': 2,
  'accounts/update-profile#updateProfile': 2,
  'applications/reject#rejectApplication': 3,
  'applications/sign-up#signUpFromApplication': 2,
  'applications/submit#submitApplication': 2,
  'audit/list#listAudit': 2,
  'campaigns/accept-invitation#acceptInvitation': 3,
  'campaigns/add-member#addMember': 3,
  'campaigns/coins#updateCoinSettings': 3,
  'campaigns/create#createCampaign': 2,
  'campaigns/decline-invitation#declineInvitation': 3,
  'campaigns/edit#editCampaign': 3,
  'campaigns/reject#rejectCampaign': 3,
  'campaigns/search-candidates#searchCandidates': 3,
  'campaigns/set-status#setCampaignStatus': 3,
  'catalogue/search#searchFilms': 2,
  'coins/deploy#deployCreatorCoin': 2,
  'coins/faucet#giveTestUsdc': 2,
  'films/captions#addCaptions': 3,
  'films/captions#replaceCaptions': 4,
  'films/create#createFilm': 2,
  'films/review#rejectFilm': 3,
  'films/update#updateFilm': 3,
  'insights/statement#memberStatement': 2,
  'insights/statement#memberStatementCsv': 2,
  'mail/outbox#readOutbox': 2,
  'messages/mark-thread-read#markThreadRead': 3,
  'messages/post#postMessage': 3,
  'messages/thread#readThread': 3,
  'milestones/vote#castExtensionVote': 2,
  'notifications/list#listNotifications': 2,
  'payments/campaign-checkout#startCampaignCheckout': 3,
  'payouts/process#processPayouts': 2,
  'payouts/views#adminPayouts': 2,
  'short-links/create#createShortLink': 2,
  'site-settings/clock#setClockOffset': 2,
  'site-settings/gate#unlockGate': 2,
  'site-settings/update#updateSiteSettings': 2,
  'uploads/create#createUpload': 2,
  'uploads/poster#uploadPoster': 3,
  'users/search#searchUsers': 2,
  'wallets/link#linkWallet': 2,
  'wallets/unlink#unlinkWallet': 2,
  'watch/progress#saveProgress': 3,
};
