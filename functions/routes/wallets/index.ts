import { Hono } from 'hono';
import { coinPurchaseInput, coinReceiptInput } from '../../domain/coins/input';
import { chainParam, linkWalletInput } from '../../domain/wallets/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { nudgeCoinIndexer, recordCoinReceipt } from '../../services/coins';
import { issueWalletNonce, linkWallet, listWallets, NonceRateLimitedError, unlinkWallet } from '../../services/wallets';

/**
 * Wallets: the chains this site works with (public), and the viewer's linked wallets — a nonce,
 * then a signed Sign-In-with-Ethereum message links one; each verb authorizes the viewer itself.
 */
export const walletRoutes = new Hono<AppEnv>()
  .get('/chains', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(c.get('deps').config.chains);
  })
  .get('/', async (c) => {
    const wallets = await listWallets(c.get('deps'), await currentViewer(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ wallets });
  })
  .post('/nonce', async (c) => {
    try {
      const issued = await issueWalletNonce(c.get('deps'), await currentViewer(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json(issued, 201);
    } catch (err) {
      if (err instanceof NonceRateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  })
  .post('/', validate('json', linkWalletInput), async (c) => {
    const wallet = await linkWallet(c.get('deps'), await currentViewer(c), c.req.valid('json'));
    return c.json({ wallet }, 201);
  })
  // A withdrawal or release of a creator coin, mined: its member's notice (the server reads the receipt itself).
  .post('/coin-receipts', validate('json', coinReceiptInput), async (c) => {
    return c.json(await recordCoinReceipt(c.get('deps'), await currentViewer(c), c.req.valid('json')));
  })
  // A purchase made on a coins page: a hint that asks the chain's coin indexer for a pass (anyone; docs/coins.md, "The index").
  .post('/coin-purchases', validate('json', coinPurchaseInput), async (c) => {
    return c.json(await nudgeCoinIndexer(c.get('deps'), await currentViewer(c), c.req.valid('json')));
  })
  .delete('/:chainId', validate('param', chainParam), async (c) => {
    await unlinkWallet(c.get('deps'), await currentViewer(c), c.req.valid('param').chainId);
    return c.json({ ok: true });
  });
