import { Hono } from 'hono';
import {
  homePinInput,
  imageHostInput,
  previewContentInput,
  publishContentInput,
  restoreContentInput,
  saveDraftInput,
} from '../../domain/content/input';
import { type ContentSlug, isContentSlug } from '../../domain/content/pages';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  addImageHost,
  listContentPages,
  listImageHosts,
  openContentPage,
  pinHome,
  previewContent,
  publishContent,
  readContentVersion,
  readHomePin,
  removeImageHost,
  restoreContentVersion,
  saveContentDraft,
} from '../../services/content';

/** The page a path names, or 404 (an unknown page is like an unknown id). */
const slugOf = (raw: string): ContentSlug => {
  if (!isContentSlug(raw)) throw notFound(TEXT.contentPageNotFound);
  return raw;
};

/** A version number from the path, or 404. */
const versionOf = (raw: string): number => {
  const n = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw notFound(TEXT.contentVersionNotFound);
  return n;
};

/**
 * /api/content: the content editor (editors and admins) — pages, drafts, publish, versions, restore,
 * the live preview — and the home page's pin (admins). docs/content.md.
 */
export const contentRoutes = new Hono<AppEnv>()
  .get('/pages', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ pages: await listContentPages(c.get('deps'), viewer) });
  })
  .get('/pages/:slug', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await openContentPage(c.get('deps'), viewer, slugOf(c.req.param('slug'))));
  })
  .get('/pages/:slug/versions/:version', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      await readContentVersion(c.get('deps'), viewer, slugOf(c.req.param('slug')), versionOf(c.req.param('version'))),
    );
  })
  .post('/preview', validate('json', previewContentInput), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await previewContent(c.get('deps'), viewer, c.req.valid('json')));
  })
  .put('/pages/:slug/draft', validate('json', saveDraftInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await saveContentDraft(c.get('deps'), viewer, slugOf(c.req.param('slug')), c.req.valid('json')));
  })
  .post('/pages/:slug/publish', validate('json', publishContentInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await publishContent(c.get('deps'), viewer, slugOf(c.req.param('slug')), c.req.valid('json')));
  })
  .post('/pages/:slug/restore', validate('json', restoreContentInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await restoreContentVersion(c.get('deps'), viewer, slugOf(c.req.param('slug')), c.req.valid('json')));
  })
  .get('/home', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readHomePin(c.get('deps'), viewer));
  })
  .put('/home', validate('json', homePinInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await pinHome(c.get('deps'), viewer, c.req.valid('json')));
  })
  // The hosts Markdown images may load from (admins; docs/content.md, "Images").
  .get('/image-hosts', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ hosts: await listImageHosts(c.get('deps'), viewer) });
  })
  .post('/image-hosts', validate('json', imageHostInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ hosts: await addImageHost(c.get('deps'), viewer, c.req.valid('json')) });
  })
  .post('/image-hosts/remove', validate('json', imageHostInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ hosts: await removeImageHost(c.get('deps'), viewer, c.req.valid('json')) });
  });
