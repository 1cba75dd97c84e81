/**
 * Where our avatars are served (docs: functions/domain/users/avatar.ts has the rules of uploads). Its
 * own module because every page's header shows an avatar: the header's script imports only this, not
 * the upload texts and their byte formatting.
 */
export const AVATAR_PATH = '/api/media/avatars/';

/** The avatar address to show, or null for the initial: one of ours, or an https link saved before uploads. */
export function shownAvatarUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith(AVATAR_PATH)) return url;
  return /^https:\/\/\S+$/i.test(url) ? url : null;
}
