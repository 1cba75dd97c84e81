import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';
import type { Clock } from './clock';

/** The site setting that moves a local server's clock (milliseconds, may be negative). */
export const CLOCK_OFFSET_KEY = 'dev_clock_offset_ms';
/** How long an isolate trusts the offset it read before reading the setting again. */
const REFRESH_MS = 1000;

let offsetMs = 0;
let readAt = Number.NEGATIVE_INFINITY;

/**
 * The clock of a local server (ENVIRONMENT=local only): the real time moved by the local-only
 * offset setting, so browser tests can see a deadline pass without waiting. The factory never
 * gives it to a production environment.
 */
export const localClock: Clock = { now: () => new Date(Date.now() + offsetMs) };

/** Reads the offset setting when the copy this isolate holds is older than a second. */
export async function syncLocalClock(db: Db): Promise<void> {
  if (Date.now() - readAt < REFRESH_MS) return;
  try {
    const row = await db
      .select({ value: siteSettings.settingValue })
      .from(siteSettings)
      .where(eq(siteSettings.settingKey, CLOCK_OFFSET_KEY))
      .get();
    offsetMs = Number(row?.value ?? 0) || 0;
    readAt = Date.now();
  } catch (err) {
    console.warn('local clock: could not read the offset setting; keeping the last one', err);
  }
}

/** After the setting was written: this isolate uses the new offset at once. */
export function adoptLocalClockOffset(ms: number) {
  offsetMs = ms;
  readAt = Date.now();
}
