import type { Rule } from '../../functions/auth/authorize';

/**
 * Every verb's authorization rule, written down once: tests/unit/verbs-authorize.test.ts checks
 * that each verb's first statement names exactly this rule; tests/workers/authz/verbs.test.ts calls
 * each non-public verb as an actor the rule refuses. A public verb says why anyone may call it.
 * A new verb needs a row here (both tests fail without one).
 */
export type VerbRule = Exclude<Rule, 'public'> | { public: string };

export const VERB_RULES: Record<string, VerbRule> = {
  'accounts/avatar#removeAvatar': 'signed-in',
  'accounts/avatar#setAvatar': 'signed-in',
  'accounts/avatar#streamAvatar': { public: 'an uploaded avatar is shown to anyone, like the name beside it' },
  'accounts/ensure-user#ensureUser': 'system',
  'accounts/sign-out-everywhere#signOutEverywhere': 'signed-in',
  'accounts/update-profile#updateProfile': 'signed-in',
  'agreements/list#agreementHistory': {
    public: "a campaign's agreed splits are as public as its money breakdown (the same rule as campaignBreakdown)",
  },
  'campaigns/accept-invitation#acceptInvitation': 'signed-in',
  'campaigns/add-member#addMember': 'signed-in',
  'campaigns/approve#approveCampaign': 'signed-in',
  'campaigns/coins#updateCoinSettings': 'signed-in',
  'campaigns/complete-ended#completeEndedCampaign': 'system',
  'campaigns/complete-ended#completeEndedCampaigns': 'system',
  'campaigns/create#createCampaign': 'signed-in',
  'campaigns/decline-invitation#declineInvitation': 'signed-in',
  'campaigns/delete#deleteCampaign': 'signed-in',
  'campaigns/edit#editCampaign': 'signed-in',
  'campaigns/film-team#getFilmTeam': {
    public:
      "a film's approved team is public for an approved film; the owner and admins also see their unapproved ones (404 for anyone else)",
  },
  'campaigns/launch#launchCampaign': 'signed-in',
  'campaigns/list-mine#listMyCampaigns': 'signed-in',
  'campaigns/pause#pauseCampaign': 'signed-in',
  'campaigns/reject#rejectCampaign': 'signed-in',
  'campaigns/remove-member#removeMember': 'signed-in',
  'campaigns/resume#resumeCampaign': 'signed-in',
  'campaigns/review-queue#listReviewQueue': 'admin',
  'campaigns/screen#loadCampaignScreen': 'signed-in',
  'campaigns/search-candidates#searchCandidates': 'signed-in',
  'campaigns/set-status#setCampaignStatus': 'signed-in',
  'campaigns/submit#submitCampaign': 'signed-in',
  'campaigns/view#getCampaignView': 'signed-in',
  'catalogue/browse#categoriesWithCounts': { public: 'the catalogue: approved films only' },
  'catalogue/browse#filmsInCategory': { public: 'the catalogue: approved films only' },
  'catalogue/film#getFilm': {
    public: 'an approved film is public; any other only to its owner and admins (null for anyone else)',
  },
  'catalogue/film#getCreator': { public: "a creator's profile and approved films are public" },
  'catalogue/home#loadHome': { public: 'the catalogue: approved films only' },
  'catalogue/home#loadNewAndPopular': { public: 'the catalogue: approved films only' },
  'catalogue/media#streamFilm': 'signed-in',
  'catalogue/media#streamPoster': {
    public: "an approved film's poster is public; any other only to its owner and admins",
  },
  'catalogue/search#searchFilms': { public: 'the catalogue: only approved films are indexed' },
  'films/create#createFilm': 'contributor',
  'films/media#previewMedia': 'contributor',
  'films/read#listMyFilms': 'contributor',
  'films/read#listReviewQueue': 'admin',
  'films/read#listReviewHistory': 'admin',
  'films/read#getFilmForEdit': 'contributor',
  'films/read#listCategories': 'contributor',
  'films/review#approveFilm': 'admin',
  'films/review#rejectFilm': 'admin',
  'films/update#updateFilm': 'contributor',
  'health/check#checkHealth': { public: 'says only whether the database answers' },
  'insights/analytics#campaignAnalytics': 'signed-in',
  'insights/breakdown#campaignBreakdown': {
    public:
      "a public campaign's money (live, paused, completed, or in review after an edit of a launched one) is anyone's; any other only its owner's, team's and admins'",
  },
  'insights/breakdown#filmBreakdown': { public: 'the same rule as campaignBreakdown, for a film page' },
  'insights/film-campaign#filmCampaignView': {
    public:
      "what a film's page shows of its campaign: the approved team, and the funding and money of a public campaign of a film in the catalogue (the caller passes a film getFilm gave it)",
  },
  'insights/creator-campaigns#creatorCampaigns': {
    public: "a creator profile's campaigns: only public campaigns of catalogue films, with their raised and goal",
  },
  'insights/live-figures#campaignLiveFigures': {
    public:
      "a public campaign's raised, goal, backers count and state, as its film page shows them; null for any other",
  },
  'insights/statement#memberStatement': 'signed-in',
  'insights/statement#memberStatementCsv': 'signed-in',
  'ledger/check#checkLedger': 'system',
  'mail/outbox#readOutbox': {
    public: 'exists only with ENVIRONMENT=local, where it stands in for an inbox (404 otherwise)',
  },
  'messages/conversations#listConversations': 'signed-in',
  'messages/mark-read#markMessageRead': 'signed-in',
  'messages/mark-thread-read#markThreadRead': 'signed-in',
  'messages/post#postMessage': 'signed-in',
  'messages/thread#readThread': 'signed-in',
  'milestones/closing-release#releaseCompletedCampaign': 'signed-in-or-system',
  'milestones/closing-release#releaseCompletedCampaigns': 'system',
  'milestones/expired-votes#closeExpiredVotes': 'system',
  'milestones/view#getExtensionVote': 'signed-in',
  'milestones/vote#castExtensionVote': 'signed-in',
  'my-list/add#addToMyList': 'signed-in',
  'my-list/list#listMyList': 'signed-in',
  'my-list/remove#removeFromMyList': 'signed-in',
  'notifications/list#listNotifications': 'signed-in',
  'notifications/mark-read#markNotificationRead': 'signed-in',
  'notifications/mark-read#markAllNotificationsRead': 'signed-in',
  'notifications/summary#notificationSummary': 'signed-in',
  'payments/campaign-checkout#campaignFunding': {
    public:
      "a live, paused or completed campaign's funding figures are what the public fund and donate pages show; in another status only its team and admins see them (null for anyone else)",
  },
  'payments/campaign-checkout#filmFunding': {
    public:
      "a live, paused or completed campaign's funding figures are what the public fund and donate pages show; in another status only its team and admins see them (null for anyone else)",
  },
  'payments/campaign-checkout#liveCampaigns': { public: 'which campaigns take money right now is public' },
  'payments/campaign-checkout#startCampaignCheckout': {
    public: 'guests donate: a payment needs no account (a guest gives an email)',
  },
  'payments/campaign-checkout#checkoutReceipt': {
    public: 'the Checkout Session id is the credential; the receipt names no payer',
  },
  'payments/receive-event#receiveStripeEvent': 'system',
  'payouts/accounts#connectPayoutAccount': 'signed-in',
  'payouts/accounts#refreshMyPayoutAccount': 'signed-in',
  'payouts/process#processPayouts': 'signed-in-or-system',
  'payouts/refresh#refreshPayouts': 'admin',
  'payouts/refresh#runPayoutJobs': 'system',
  'payouts/retry#retryPayout': 'admin',
  'payouts/views#memberPayouts': 'signed-in',
  'payouts/views#adminPayouts': 'admin',
  'refunds/cancelled#finishRefunds': 'system',
  'refunds/after-campaign-change#afterCampaignChange': 'signed-in-or-system',
  'short-links/create#createShortLink': 'signed-in',
  'short-links/resolve#resolveShortLink': {
    public: 'a short link leads to a page whose own rules apply when it is opened',
  },
  'site-settings/clock#viewClock': { public: 'reads the time a local server runs on (the route exists only locally)' },
  'site-settings/clock#setClockOffset': 'admin',
  'site-settings/gate#readSiteAccess': {
    public: 'says only what this browser and session may see while the site is gated',
  },
  'site-settings/gate#unlockGate': { public: 'the passcode is the credential (wrong guesses are limited per address)' },
  'site-settings/update#viewSiteSettings': 'admin',
  'site-settings/update#updateSiteSettings': 'admin',
  'uploads/abort#abortUpload': 'contributor',
  'uploads/cleanup#cleanupAbandonedUploads': 'system',
  'uploads/complete#completeUpload': 'contributor',
  'uploads/create#createUpload': 'contributor',
  'uploads/poster#uploadPoster': 'contributor',
  'uploads/put-part#putPart': 'contributor',
  'uploads/read#getUpload': 'contributor',
  'uploads/read#listUnfinishedUploads': 'contributor',
  'users/search#searchUsers': 'signed-in',
  'watch/continue#continueWatching': 'signed-in',
  'watch/progress#saveProgress': 'signed-in',
  'watch/progress#getProgress': 'signed-in',
  'watch/view#recordView': 'signed-in',
  'wallets/issue-nonce#issueWalletNonce': 'signed-in',
  'wallets/link#linkWallet': 'signed-in',
  'wallets/list#listWallets': 'signed-in',
  'wallets/unlink#unlinkWallet': 'signed-in',
};
