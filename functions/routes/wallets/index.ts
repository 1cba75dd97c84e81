import { type Context, Hono } from 'hono';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import type { WalletContext } from '../../services/wallets/context';
import { issueWalletNonce, NonceRateLimitedError } from '../../services/wallets/issue-nonce';
import { linkWallet, linkWalletInput } from '../../services/wallets/link';
import { listWallets } from '../../services/wallets/list';
import { unlinkWallet } from '../../services/wallets/unlink';
import { chainParam } from './schema';

const walletContext = (c: Context<AppEnv>): WalletContext => ({ ...c.get('services'), config: c.get('config') });

/**
 * Wallets: the chains this site works with (public), and the viewer's linked wallets — a nonce,
 * then a signed Sign-In-with-Ethereum message links one; each verb authorizes the viewer itself.
 */
export const walletRoutes = new Hono<AppEnv>()
  .get('/chains', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(c.get('config').chains);
  })
  .get('/', async (c) => {
    const wallets = await listWallets(walletContext(c), await currentViewer(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ wallets });
  })
  .post('/nonce', async (c) => {
    try {
      const issued = await issueWalletNonce(walletContext(c), await currentViewer(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json(issued, 201);
    } catch (err) {
      if (err instanceof NonceRateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  })
  .post('/', validate('json', linkWalletInput), async (c) => {
    const wallet = await linkWallet(walletContext(c), await currentViewer(c), c.req.valid('json'));
    return c.json({ wallet }, 201);
  })
  .delete('/:chainId', validate('param', chainParam), async (c) => {
    await unlinkWallet(walletContext(c), await currentViewer(c), c.req.valid('param').chainId);
    return c.json({ ok: true });
  });
