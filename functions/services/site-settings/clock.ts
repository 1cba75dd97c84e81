import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { siteSettings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { forbidden } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { clockOffsetInput } from '../../domain/site-settings/input';
import type { Deps } from '../../platform/deps';
import { adoptLocalClockOffset, CLOCK_OFFSET_KEY } from '../../platform/local-clock';

/** What a local server's clock reads now, and how far it is moved from the real time. */
export function viewClock({ clock }: Pick<Deps, 'clock'>, actor: Actor) {
  authorize(actor, 'clock.read-local');
  const now = clock.now();
  return { now: now.toISOString(), offsetMs: now.getTime() - Date.now() };
}

/**
 * An admin moves a local server's clock (browser tests see a deadline pass without waiting). Only
 * with ENVIRONMENT=local: production always runs on the real time and refuses.
 */
export async function setClockOffset(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'followUps'>,
  actor: Actor,
  input: z.infer<typeof clockOffsetInput>,
) {
  const viewer = authorize(actor, 'clock.set');
  input = parseInput(clockOffsetInput, input);
  if (!deps.config.isLocal) throw forbidden('The clock can only be moved on a local server');
  const value = String(input.offsetMs);
  await new UnitOfWork(deps, viewer)
    .add(
      deps.db
        .insert(siteSettings)
        .values({ settingKey: CLOCK_OFFSET_KEY, settingValue: value, updatedBy: viewer.userId })
        .onConflictDoUpdate({
          target: siteSettings.settingKey,
          set: { settingValue: value, updatedBy: viewer.userId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
        }),
    )
    .audit({
      verb: 'setClockOffset',
      resourceType: 'clock',
      resourceId: 'offset',
      summary: `Clock offset set to ${input.offsetMs} ms`,
    })
    .commit();
  adoptLocalClockOffset(input.offsetMs);
  return viewClock(deps, viewer);
}
