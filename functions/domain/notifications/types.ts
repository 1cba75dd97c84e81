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
