import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { siteSettings } from '../../db/schema';
import { ApiError, forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import type { Services } from '../../platform/services';
import { hashPasscode, passcodeInput } from './passcode';
import { readSettingsTable, SETTING_KEYS, writeSettingsThrough } from './store';

export const updateSiteSettingsInput = z.object({
  comingSoonEnabled: z.boolean(),
  /** A new passcode; leave out to keep the current one. */
  passcode: passcodeInput.optional(),
});

/** What admins see of the settings: whether a passcode is set, never the passcode. */
export interface SiteSettingsView {
  comingSoonEnabled: boolean;
  passcodeSet: boolean;
}

export async function viewSiteSettings({ db }: Pick<Services, 'db'>): Promise<SiteSettingsView> {
  const s = await readSettingsTable(db);
  return { comingSoonEnabled: s.enabled, passcodeSet: s.passcode !== '' };
}

/** Admins switch the gate and set the passcode: the table first (the record), then KV. */
export async function updateSiteSettings(
  deps: Pick<Services, 'db' | 'kv'>,
  viewer: Viewer,
  input: z.infer<typeof updateSiteSettingsInput>,
): Promise<SiteSettingsView> {
  if (!isAdmin(viewer.roles)) throw forbidden();
  const { db, kv } = deps;
  const current = await readSettingsTable(db);
  const passcode = input.passcode === undefined ? current.passcode : await hashPasscode(input.passcode);
  if (input.comingSoonEnabled && passcode === '')
    throw new ApiError('validation_failed', 'Set a passcode before switching the coming-soon page on');

  const upsert = (key: string, value: string) =>
    db
      .insert(siteSettings)
      .values({ settingKey: key, settingValue: value, updatedBy: viewer.userId })
      .onConflictDoUpdate({
        target: siteSettings.settingKey,
        set: { settingValue: value, updatedBy: viewer.userId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
      });
  const enabled = upsert(SETTING_KEYS.enabled, String(input.comingSoonEnabled));
  await (input.passcode === undefined
    ? db.batch([enabled])
    : db.batch([enabled, upsert(SETTING_KEYS.passcode, passcode)]));

  // Read back what the record now holds (another admin may have written a key too) for the KV copy.
  const saved = await readSettingsTable(db);
  await writeSettingsThrough(kv, saved);
  return { comingSoonEnabled: saved.enabled, passcodeSet: saved.passcode !== '' };
}
