import { z } from 'zod';
import { AVATAR_TEXT } from '../users/avatar';
import { ROLES } from '../users/roles';
import { usernameSchema } from '../users/username';

/** PATCH /api/account/profile. The avatar is not a field here: it is uploaded (PUT /api/account/avatar). */
export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    avatarUrl: z.never({ error: AVATAR_TEXT.avatarLinkRefused }).optional(),
    /** Whether creators' coin analytics may name this person beside their wallet's coins (default off). */
    showCoinHolderName: z.boolean().optional(),
  })
  .strict();

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/**
 * An account the seed or `npm run user:create` makes (ensureUser). The password and username are
 * used only when the account is new (sign-up checks them then); an existing one is matched by email.
 */
export const ensureUserInput = z.strictObject({
  email: z.string().trim().min(3).max(254),
  password: z.string().max(256),
  username: z.string().max(64),
  roles: z.array(z.enum(ROLES)),
});
