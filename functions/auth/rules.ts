/**
 * Every verb's rule, named after what it touches and what it does (`<resource>.<action>`), and who may
 * call it at all — what `authorize(actor, rule)`, each verb's first statement, checks:
 * - public: anyone, signed in or not (the verb returns only what anyone may see);
 * - signed-in: any viewer; contributor / editor / admin: a viewer with that role (an admin counts as
 *   both: functions/domain/users/roles.ts);
 * - system: the scheduled job, the seed, the webhook handler;
 * - signed-in-or-system: follow-up work a viewer's change or a job starts (the verb does only what
 *   the current state requires, whoever asks).
 * A rule on one resource (a campaign, a film, an upload) also names, in SCOPES, the rows its verb may
 * read: `authorize` hands the verb that scope and the resource's loader reads only inside it, so a row
 * outside the scope is a 404, exactly like an id that does not exist; a related person without the
 * right to the action then gets 403 (functions/services/campaigns/lib/access.ts). An admin-only
 * action is an `admin` rule here, so it is refused on the verb's first line. docs/architecture.md,
 * "Rules".
 */
export const RULES = {
  'account.ensure': 'system',

  'agreement.read': 'public',

  'application.approve': 'admin',
  'application.read-own': 'signed-in',
  'application.reject': 'admin',
  'application.review-queue': 'admin',
  'application.sign-up': 'public',
  'application.submit': 'public',

  'listing.browse': 'signed-in',
  'listing.browse-public': 'public',
  'listing.close': 'signed-in',
  'listing.edit': 'signed-in',
  'listing.post': 'signed-in',
  'listing.read': 'signed-in',
  'listing.read-own': 'signed-in',
  'listing.reopen': 'signed-in',

  'project.browse': 'signed-in',
  'project.browse-public': 'public',
  'project.edit': 'signed-in',
  'project.post': 'signed-in',
  'project.poster': 'public',
  'project.read': 'signed-in',
  'project.read-own': 'signed-in',
  'project.review': 'admin',

  'dashboard.read-own': 'contributor',

  'collaboration.agree': 'signed-in',
  'collaboration.read': 'signed-in',
  'collaboration.request': 'signed-in',
  'collaboration.respond': 'signed-in',
  'collaboration.withdraw': 'signed-in',

  'audit.read': 'admin',

  'avatar.edit-own': 'signed-in',
  'avatar.read': 'public',

  'backing.read-guest': 'public',
  'backing.read-own': 'signed-in',
  'backing.receipt-own': 'signed-in',
  'backing.receipt-guest': 'public',
  'backing.request-link': 'public',
  'backing.tell': 'system',
  'backing.tell-ending': 'system',

  'campaign.approve': 'admin',
  'campaign.browse': 'public',
  'campaign.complete-ended': 'system',
  'campaign.create': 'signed-in',
  'campaign.delete': 'signed-in',
  'campaign.edit': 'signed-in',
  'campaign.edit-coins': 'admin',
  'campaign.insights': 'signed-in',
  'campaign.list-admin': 'admin',
  'campaign.launch': 'signed-in',
  'campaign.list-own': 'signed-in',
  'campaign.manage-team': 'signed-in',
  'campaign.pause': 'signed-in',
  'campaign.reject': 'admin',
  'campaign.resume': 'signed-in',
  'campaign.review-queue': 'admin',
  'campaign.set-status': 'admin',
  'campaign.submit': 'signed-in',
  'campaign.open-screen': 'signed-in',
  'campaign.view': 'signed-in',

  'catalogue.read': 'public',

  'clock.read-local': 'public',
  'clock.set': 'admin',

  'content.edit': 'editor',
  'content.image-hosts': 'admin',
  'content.publish': 'editor',
  'content.read': 'public',

  'coin.analytics': 'public',
  'coin.deploy': 'admin',
  'coin.faucet': 'public',
  'coin.index': 'system',
  'coin.nudge-index': 'public',
  'coin.list': 'admin',
  'coin.read': 'public',
  'coin.read-own': 'signed-in',
  'coin.notice-releasable': 'system',
  'coin.record-receipt': 'signed-in',

  'film-team.read': 'public',

  'film.create': 'contributor',
  'film.edit-own': 'contributor',
  'film.import': 'admin',
  'film.list-own': 'contributor',
  'film.review': 'admin',
  'film.watch': 'signed-in',

  'follow-up.run': 'system',

  'follow.own': 'signed-in',

  'funding.read': 'public',

  'gate.read': 'public',
  'gate.unlock': 'public',

  'health.read': 'public',

  'home.pin': 'admin',

  'invitation.respond': 'signed-in',

  'ledger.check': 'system',

  'money.list': 'admin',

  'message.read-own': 'signed-in',
  'message.send': 'signed-in',

  'milestone.release': 'signed-in-or-system',
  'milestone.release-due': 'system',

  'my-list.own': 'signed-in',

  'notification.own': 'signed-in',

  'outbox.read-local': 'public',

  'overview.read': 'admin',

  'payment.receipt': 'public',
  'payment.start': 'public',

  'payout-account.own': 'signed-in',

  'people.grant-role': 'admin',
  'people.list': 'admin',
  'people.note': 'admin',
  'people.read': 'admin',
  'people.reinstate': 'admin',
  'people.revoke-role': 'admin',
  'people.search': 'admin',
  'people.suspend': 'admin',

  'payout.jobs': 'system',
  'payout.manage': 'admin',
  'payout.process': 'signed-in-or-system',
  'payout.read-own': 'signed-in',

  'profile.edit-own': 'signed-in',

  'refund.after-change': 'signed-in-or-system',
  'refund.finish': 'system',

  'report.dismiss': 'admin',
  'report.hidden-list': 'admin',
  'report.hide': 'admin',
  'report.review-queue': 'admin',
  'report.submit': 'signed-in',
  'report.unhide': 'admin',

  'session.revoke-own': 'signed-in',

  'short-link.create': 'signed-in',
  'short-link.resolve': 'public',
  'short-link.share': 'public',

  'site-settings.manage': 'admin',

  'statement.read-own': 'signed-in',

  'stripe-event.receive': 'system',

  'upload.cleanup': 'system',
  'upload.own': 'contributor',

  'user.search': 'signed-in',

  'vote.cast-own': 'signed-in',
  'vote.close-expired': 'system',
  'vote.read': 'signed-in',

  'wallet.own': 'signed-in',

  'watch.own': 'signed-in',
} as const satisfies Record<string, Who>;

export type Who = 'public' | 'signed-in' | 'contributor' | 'editor' | 'admin' | 'system' | 'signed-in-or-system';
export type RuleName = keyof typeof RULES;

/**
 * The rows a resource rule's verb reads, as `authorize` grants them:
 * - team-or-admin: a campaign whose film the viewer owns or whose team has a row for the viewer
 *   (an invitee included); every campaign for an admin;
 * - owner-or-admin: a film the viewer owns; every film for an admin;
 * - own: the viewer's own rows only, admins included (an upload).
 * Rules not listed read what their verb's own conditions allow (public reads, the viewer's own lists).
 */
export const SCOPES = {
  'campaign.approve': 'team-or-admin',
  'campaign.delete': 'team-or-admin',
  'campaign.edit': 'team-or-admin',
  'campaign.edit-coins': 'team-or-admin',
  'campaign.insights': 'team-or-admin',
  'campaign.launch': 'team-or-admin',
  'campaign.manage-team': 'team-or-admin',
  'campaign.pause': 'team-or-admin',
  'campaign.reject': 'team-or-admin',
  'campaign.resume': 'team-or-admin',
  'campaign.set-status': 'team-or-admin',
  'campaign.submit': 'team-or-admin',
  'campaign.view': 'team-or-admin',
  'invitation.respond': 'team-or-admin',

  'film.edit-own': 'owner-or-admin',
  'film.review': 'owner-or-admin',

  'upload.own': 'own',
} as const satisfies Partial<Record<RuleName, ScopeKind>>;

export type ScopeKind = 'team-or-admin' | 'owner-or-admin' | 'own';
export type ScopedRule = keyof typeof SCOPES;
