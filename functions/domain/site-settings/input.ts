import { z } from 'zod';
import { passcodeInput } from './passcode';

const YEAR_MS = 366 * 86_400_000;

export const updateSiteSettingsInput = z.strictObject({
  comingSoonEnabled: z.boolean(),
  /** A new passcode; leave out to keep the current one. */
  passcode: passcodeInput.optional(),
});

export const clockOffsetInput = z
  .object({
    offsetMs: z
      .number()
      .int()
      .min(-10 * YEAR_MS)
      .max(10 * YEAR_MS),
  })
  .strict();

/** POST /api/gate/unlock. */
export const unlockInput = z.strictObject({ passcode: z.string().max(256) });
