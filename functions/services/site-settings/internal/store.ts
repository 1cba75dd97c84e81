import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { siteSettings } from '../../../db/schema';
import type { Deps } from '../../../platform/deps';

/** The gate's settings as the worker uses them. `passcode` is the stored hash ('' = none set). */
export interface GateSettings {
  enabled: boolean;
  passcode: string;
}

/** The keys of the gate's record in site_settings. */
export const SETTING_KEYS = { enabled: 'coming_soon_enabled', passcode: 'coming_soon_passcode' } as const;
/** The write-through copy in KV. It expires so that a write that missed KV heals by itself. */
export const SETTINGS_KV_KEY = 'site-settings:v1';
const KV_TTL_SECONDS = 600;

/** When the settings cannot be read at all, the gate is off with an empty passcode. */
export const GATE_OFF: GateSettings = { enabled: false, passcode: '' };

const cached = z.object({ enabled: z.boolean(), passcode: z.string() });

export async function readSettingsTable(db: Db): Promise<GateSettings> {
  const rows = await db
    .select({ key: siteSettings.settingKey, value: siteSettings.settingValue })
    .from(siteSettings)
    .where(inArray(siteSettings.settingKey, [SETTING_KEYS.enabled, SETTING_KEYS.passcode]));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { enabled: value(SETTING_KEYS.enabled) === 'true', passcode: value(SETTING_KEYS.passcode) ?? '' };
}

/** Puts the settings into KV; a failure is logged and the short TTL of any older copy bounds the staleness. */
export async function writeSettingsThrough(kv: KVNamespace | null, settings: GateSettings) {
  try {
    await kv?.put(SETTINGS_KV_KEY, JSON.stringify(settings), { expirationTtl: KV_TTL_SECONDS });
  } catch (err) {
    console.error('Could not write the coming-soon settings to KV', err);
  }
}

/**
 * The settings from KV; on a miss or a KV failure from the table (and KV is filled again); when
 * both fail, logged and treated as off.
 */
export async function readGateSettings({ db, kv }: Pick<Deps, 'db' | 'kv'>): Promise<GateSettings> {
  try {
    const hit = cached.safeParse(await kv?.get(SETTINGS_KV_KEY, 'json'));
    if (hit.success) return hit.data;
  } catch (err) {
    console.warn('Coming-soon settings: KV read failed, reading the table', err);
  }
  let settings: GateSettings;
  try {
    settings = await readSettingsTable(db);
  } catch (err) {
    console.error('Failed to load coming-soon settings; the gate is treated as off', err);
    return GATE_OFF;
  }
  await writeSettingsThrough(kv, settings);
  return settings;
}
