import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/identity';
import { siteSettings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { IMAGE_HOSTS_KEY, MAX_IMAGE_HOSTS } from '../../domain/content/image-hosts';
import { type ImageHostInput, imageHostInput } from '../../domain/content/input';
import { CONTENT_TEXT } from '../../domain/content/texts';
import { DomainError } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { contentImageHosts } from './lib/image-hosts';

type WriteDeps = Pick<Deps, 'db' | 'clock' | 'followUps'>;

/** The hosts Markdown images may load from, as the admin's Site settings tab shows them. */
export async function listImageHosts({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<string[]> {
  authorize(actor, 'content.image-hosts');
  return contentImageHosts(db);
}

/**
 * Writes the list as `next` only while it still is `current` — one conditional upsert, so of two
 * admins changing it at once the second is told and writes nothing — with its audit row and the
 * content cache's bump (the pages render images by the list), both only with the change.
 */
async function writeHosts(
  deps: WriteDeps,
  admin: Viewer,
  current: string[],
  next: string[],
  verb: string,
  summary: string,
) {
  const { db } = deps;
  const before = JSON.stringify(current);
  const after = JSON.stringify(next);
  const upsert = db
    .insert(siteSettings)
    .values({ settingKey: IMAGE_HOSTS_KEY, settingValue: after, updatedBy: admin.userId })
    .onConflictDoUpdate({
      target: siteSettings.settingKey,
      set: { settingValue: after, updatedBy: admin.userId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
      setWhere: sql`${siteSettings.settingValue} = ${before}`,
    })
    .returning({ key: siteSettings.settingKey });
  const when = sql`exists (select 1 from ${siteSettings} where ${siteSettings.settingKey} = ${IMAGE_HOSTS_KEY} and ${siteSettings.settingValue} = ${after})`;
  const results = await new UnitOfWork(deps, admin)
    .add(upsert)
    .audit({ verb, resourceType: 'site-settings', resourceId: 'image-hosts', summary, when })
    .owe('content-bump', {}, { when })
    .commit();
  if ((results[0] as unknown[]).length === 0) throw new DomainError('conflict', CONTENT_TEXT.imageHostsChanged);
  return next;
}

/** Admins let Markdown images load from one more host; the pages show them from the next request. */
export async function addImageHost(deps: WriteDeps, actor: Actor, raw: ImageHostInput): Promise<string[]> {
  const admin = authorize(actor, 'content.image-hosts');
  const { host } = parseInput(imageHostInput, raw);
  const current = await contentImageHosts(deps.db);
  if (current.includes(host)) throw new DomainError('conflict', CONTENT_TEXT.imageHostAlready);
  if (current.length >= MAX_IMAGE_HOSTS) throw new DomainError('validation_failed', CONTENT_TEXT.imageHostsFull);
  return writeHosts(deps, admin, current, [...current, host].sort(), 'addImageHost', `Images allowed from ${host}`);
}

/** Admins stop Markdown images from a host: from the next request they show their description. */
export async function removeImageHost(deps: WriteDeps, actor: Actor, raw: ImageHostInput): Promise<string[]> {
  const admin = authorize(actor, 'content.image-hosts');
  const { host } = parseInput(imageHostInput, raw);
  const current = await contentImageHosts(deps.db);
  if (!current.includes(host)) throw new DomainError('conflict', CONTENT_TEXT.imageHostMissing);
  const next = current.filter((h) => h !== host);
  return writeHosts(deps, admin, current, next, 'removeImageHost', `Images no longer allowed from ${host}`);
}
