import { Hono } from 'hono';
import { attemptLimits } from '../../auth/throttle';
import { createShortLinkInput, sharePageInput } from '../../domain/short-links/input';
import { clientAddress, reserveOr429 } from '../../http/limits';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { createShortLink, sharePage } from '../../services/short-links';

/**
 * POST /api/short-links {path} → {code, url}: signed-in users, for pages they may open.
 * POST /api/short-links/share {page, id} → {code, url}: anyone, for a catalogue film's page or coins page.
 */
export const shortLinkRoutes = new Hono<AppEnv>()
  .post('/', validate('json', createShortLinkInput), async (c) => {
    const viewer = await currentViewer(c);
    // Counted for signed-in callers only: the verb refuses anyone else before any work.
    if (viewer) {
      await reserveOr429(
        c,
        attemptLimits.shortLink(clientAddress(c), c.get('deps').config.SHORT_LINKS_PER_HOUR_PER_ADDRESS),
        'Too many short links were made from your network.',
      );
    }
    const link = await createShortLink(c.get('deps'), viewer, c.req.valid('json'));
    return c.json(link);
  })
  // Not counted: a page's code is made once and then only read, so a caller cannot make more than one per page.
  .post('/share', validate('json', sharePageInput), async (c) => {
    const link = await sharePage(c.get('deps'), await currentViewer(c), c.req.valid('json'));
    return c.json(link);
  });
