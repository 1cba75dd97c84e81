import { z } from 'zod';
import { AVATAR_TEXT } from '../users/avatar';
import { ROLES } from '../users/roles';
import { usernameSchema } from '../users/username';

/** PATCH /api/account/profile. The avatar is not a field here: it is uploaded (PUT /api/account/avatar). */
export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    avatarUrl: z.never({ error: AVATAR_TEXT.avatarLinkRefused }).optional(),
  })
  .strict();

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** An account the seed or `npm run user:create` makes (ensureUser). */
export const ensureUserInput = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
  username: z.string().min(1).max(64),
  roles: z.array(z.enum(ROLES)),
});
