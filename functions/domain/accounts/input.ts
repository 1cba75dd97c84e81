import { z } from 'zod';
import { AVATAR_TEXT } from '../users/avatar';
import { usernameSchema } from '../users/username';

/** PATCH /api/account/profile. The avatar is not a field here: it is uploaded (PUT /api/account/avatar). */
export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    avatarUrl: z.never({ error: AVATAR_TEXT.avatarLinkRefused }).optional(),
  })
  .strict();

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
