import { z } from 'zod';
import { usernameSchema } from '../../auth/username';

/** PATCH /api/account/profile. */
export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    avatarUrl: z
      .union([z.url({ protocol: /^https?$/, message: 'Avatar must be an http(s) URL' }).max(500), z.literal('')])
      .optional(),
  })
  .strict();

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
