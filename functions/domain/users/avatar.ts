import { formatBytes } from '../films/upload-plan';
import { AVATAR_PATH } from './avatar-url';

export { AVATAR_PATH, shownAvatarUrl } from './avatar-url';

/**
 * Avatars are pictures people upload (JPEG, PNG or WebP, judged by their leading bytes), stored in
 * R2 and served by the worker to anyone at `/api/media/avatars/{id}`. Links to pictures elsewhere are
 * no longer taken; an https one saved before still shows until it is replaced, an http one never did
 * (the page's content policy loads images over https only) and shows the initial instead.
 */
export const AVATAR_MAX_BYTES = 1_000_000;

export const AVATAR_TEXT = {
  avatarNotAnImage: "That file isn't an image we can take. Use a JPEG, PNG or WebP picture.",
  avatarTooLarge: (max: number) => `An avatar can be at most ${formatBytes(max)}.`,
  avatarEmpty: 'That file is empty.',
  avatarLinkRefused: 'Avatars are uploaded as a picture, not linked. Choose an image file.',
  avatarChangedMeanwhile: 'Your avatar changed in the meantime. Try again.',
  avatarNotFound: 'Avatar not found',
  avatarUpdated: 'Avatar updated',
  avatarRemoved: 'Avatar removed',
} as const;

/** The R2 key of one of our avatars, from its address; null for anything else. */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_PATH)) return null;
  const id = url.slice(AVATAR_PATH.length);
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? `avatars/${id}` : null;
}
