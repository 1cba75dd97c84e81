import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { siteSettings } from '../../../db/schema';
import { IMAGE_HOSTS_KEY, parseImageHosts } from '../../../domain/content/image-hosts';

/** The hosts Markdown images may load from (docs/content.md, "Images"); none when unset. */
export async function contentImageHosts(db: Db): Promise<string[]> {
  const row = await db
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, IMAGE_HOSTS_KEY))
    .get();
  return parseImageHosts(row?.value);
}
