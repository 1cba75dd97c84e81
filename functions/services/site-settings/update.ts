import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { siteSettings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { DomainError } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { updateSiteSettingsInput } from '../../domain/site-settings/input';
import { hashPasscode } from '../../domain/site-settings/passcode';
import type { Deps } from '../../platform/deps';
import { readSettingsTable, SETTING_KEYS, writeSettingsThrough } from './internal/store';

/** What admins see of the settings: whether a passcode is set, never the passcode. */
export interface SiteSettingsView {
  comingSoonEnabled: boolean;
  passcodeSet: boolean;
}

export async function viewSiteSettings({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<SiteSettingsView> {
  authorize(actor, 'site-settings.manage');
  const s = await readSettingsTable(db);
  return { comingSoonEnabled: s.enabled, passcodeSet: s.passcode !== '' };
}

/** Admins switch the gate and set the passcode: the table first (the record), then KV. */
export async function updateSiteSettings(
  deps: Pick<Deps, 'db' | 'kv' | 'clock' | 'followUps'>,
  actor: Actor,
  input: z.infer<typeof updateSiteSettingsInput>,
): Promise<SiteSettingsView> {
  const viewer = authorize(actor, 'site-settings.manage');
  input = parseInput(updateSiteSettingsInput, input);
  const { db, kv } = deps;
  const current = await readSettingsTable(db);
  const passcode = input.passcode === undefined ? current.passcode : await hashPasscode(input.passcode);
  if (input.comingSoonEnabled && passcode === '')
    throw new DomainError('validation_failed', 'Set a passcode before switching the coming-soon page on');

  const upsert = (key: string, value: string) =>
    db
      .insert(siteSettings)
      .values({ settingKey: key, settingValue: value, updatedBy: viewer.userId })
      .onConflictDoUpdate({
        target: siteSettings.settingKey,
        set: { settingValue: value, updatedBy: viewer.userId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
      });
  const uow = new UnitOfWork(deps, viewer).add(upsert(SETTING_KEYS.enabled, String(input.comingSoonEnabled)));
  if (input.passcode !== undefined) uow.add(upsert(SETTING_KEYS.passcode, passcode));
  const changes = [`gate ${input.comingSoonEnabled ? 'on' : 'off'}`];
  if (input.passcode !== undefined) changes.push('passcode changed');
  uow.audit({
    verb: 'updateSiteSettings',
    resourceType: 'site-settings',
    resourceId: 'coming-soon',
    summary: `Site settings: ${changes.join(', ')}`,
  });
  await uow.commit();

  // Read back what the record now holds (another admin may have written a key too) for the KV copy.
  const saved = await readSettingsTable(db);
  await writeSettingsThrough(kv, saved);
  return { comingSoonEnabled: saved.enabled, passcodeSet: saved.passcode !== '' };
}
