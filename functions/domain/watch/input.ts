import { z } from 'zod';

export const progressInput = z
  .object({
    positionSeconds: z.number().min(0).max(1_000_000),
    durationSeconds: z.number().positive().max(1_000_000).nullable().optional(),
  })
  .strict();

export type ProgressInput = z.infer<typeof progressInput>;
