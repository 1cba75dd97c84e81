import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { siteSettings } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import { adoptLocalClockOffset, CLOCK_OFFSET_KEY } from '../../platform/local-clock';
import type { Services } from '../../platform/services';

const YEAR_MS = 366 * 86_400_000;

export const clockOffsetInput = z
  .object({
    offsetMs: z
      .number()
      .int()
      .min(-10 * YEAR_MS)
      .max(10 * YEAR_MS),
  })
  .strict();

/** What a local server's clock reads now, and how far it is moved from the real time. */
export function viewClock({ clock }: Pick<Services, 'clock'>) {
  const now = clock.now();
  return { now: now.toISOString(), offsetMs: now.getTime() - Date.now() };
}

/**
 * An admin moves a local server's clock (browser tests see a deadline pass without waiting). Only
 * with ENVIRONMENT=local: production always runs on the real time and refuses.
 */
export async function setClockOffset(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  viewer: Viewer,
  input: z.infer<typeof clockOffsetInput>,
) {
  if (!isAdmin(viewer.roles)) throw forbidden();
  if (!services.config.isLocal) throw forbidden('The clock can only be moved on a local server');
  const value = String(input.offsetMs);
  await services.db
    .insert(siteSettings)
    .values({ settingKey: CLOCK_OFFSET_KEY, settingValue: value, updatedBy: viewer.userId })
    .onConflictDoUpdate({
      target: siteSettings.settingKey,
      set: { settingValue: value, updatedBy: viewer.userId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
    });
  adoptLocalClockOffset(input.offsetMs);
  return viewClock(services);
}
