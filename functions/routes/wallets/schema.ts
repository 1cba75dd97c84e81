import { z } from 'zod';

export const chainParam = z.object({
  chainId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
