import { siteSettings } from '../db/schema';
import type { SeedModule } from './types';

/** The coming-soon gate starts switched off, with no passcode. */
export const siteSettingsSeed: SeedModule = {
  name: 'site-settings',
  async run({ db }) {
    await db
      .insert(siteSettings)
      .values([
        { settingKey: 'coming_soon_enabled', settingValue: 'false' },
        { settingKey: 'coming_soon_passcode', settingValue: '' },
      ])
      .onConflictDoNothing();
  },
};
