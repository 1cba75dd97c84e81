import { z } from 'zod';

/** The body that links a wallet: an EIP-4361 message and its signature. */
export const linkWalletInput = z
  .object({
    message: z.string().min(1).max(2000),
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'The signature must be 65 bytes in hex'),
  })
  .strict();
export type LinkWalletInput = z.infer<typeof linkWalletInput>;

/** DELETE /api/wallets/:chainId. */
export const chainParam = z.object({
  chainId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
