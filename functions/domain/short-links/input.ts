import { z } from 'zod';

export const createShortLinkInput = z.strictObject({ path: z.string().min(1).max(2048) });
