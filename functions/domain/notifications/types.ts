/** The values of notifications.type; 'other' covers anything not listed. */
export const NOTIFICATION_TYPES = [
  'creator_coin',
  'team_invitation',
  'decline_message',
  'application',
  'video',
  'success',
  'info',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The values of notifications.topic (null for most): what a notice is about when its type alone does not say
 * where it leads (functions/domain/notifications/targets.ts).
 */
export const NOTIFICATION_TOPICS = [
  'backers',
  'payout',
  'application',
  'wallet',
  'collaboration',
  'coin-releasable',
  'coin-withdrawn',
  'coin-released',
  'dispute',
  'hidden-film',
  'hidden-listing',
  'hidden-profile',
  'hidden-project',
  'backing',
  'campaign-ending',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** A member's own coin notices (type creator_coin): their coins started to unlock, a withdrawal or release was mined. */
export const COIN_COLLECT_TOPICS = ['coin-releasable', 'coin-withdrawn', 'coin-released'] as const;
