import { type Actor, authorize } from '../../auth/authorize';
import type { ContentSlug, RenderedPage } from '../../domain/content/pages';
import { renderContentPage } from '../../domain/content/render-page';
import { readContentCache } from '../../platform/content-cache';
import type { Deps } from '../../platform/deps';
import { loadPage, loadVersion } from './internal/store';
import { contentImageHosts } from './lib/image-hosts';

/** A content page as published, rendered (cached under the content version: docs/content.md). */
export function readContentPage(
  deps: Pick<Deps, 'db' | 'kv'>,
  actor: Actor,
  slug: ContentSlug,
): Promise<RenderedPage & { version: number }> {
  authorize(actor, 'content.read');
  return readContentCache(deps.kv, `page:${slug}`, async () => {
    const page = await loadPage(deps.db, slug);
    const [{ markdown }, hosts] = await Promise.all([
      loadVersion(deps.db, slug, page.currentVersion),
      contentImageHosts(deps.db),
    ]);
    return { ...renderContentPage(slug, markdown, hosts), version: page.currentVersion };
  });
}
