/** What the bell shows. */
export const POPOVER_NOTIFICATIONS = 5;
export const POPOVER_MESSAGES = 5;
export const PREVIEW_CHARS = 80;
export const BADGE_MAX = 99;

/** A preview cut at 80 characters (whole code points), with an ellipsis when something was cut. */
export function previewText(text: string, max = PREVIEW_CHARS): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** The unread badge: nothing at 0, the number up to 99, then '99+'. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}
