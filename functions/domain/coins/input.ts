import { z } from 'zod';

const count = z.number().int().min(0).max(1e12);
/** POST /api/functions/deploy-creator-coin. */
export const deployInput = z.strictObject({
  campaignId: z.string().min(1).max(64),
  coinSymbol: z.string().min(1).max(16),
  initialSupply: count,
  pricePerCoin: count,
  distributionModel: z.strictObject({
    fanSupply: count,
    teamSupply: count,
    marketingSupply: count,
    reserveSupply: count,
  }),
});

/** POST /api/dev/usdc-faucet: the wallet to give test USDC (and gas) to, on the local chain. */
export const faucetInput = z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address') }).strict();
export type FaucetInput = z.infer<typeof faucetInput>;

/** POST /api/wallets/coin-receipts: a withdrawal's or release's transaction, for the member's notice. */
export const coinReceiptInput = z
  .object({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits') })
  .strict();
export type CoinReceiptInput = z.infer<typeof coinReceiptInput>;

/** POST /api/wallets/coin-purchases: a purchase made on a coins page, a hint for the coin indexer (docs/coins.md, "The index"). */
export const coinPurchaseInput = z
  .object({
    campaignId: z.string().min(1).max(64),
    txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits'),
  })
  .strict();
export type CoinPurchaseInput = z.infer<typeof coinPurchaseInput>;
