import { env } from 'cloudflare:workers';
import { getDb } from '../../functions/db/client';
import { type Bindings, getConfig } from '../../functions/env';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import type { WalletContext } from '../../functions/services/wallets/context';

/** The wallet verbs' context for a page (reads only: nothing rings). */
export function walletPageContext(): WalletContext {
  const e = env as unknown as Bindings;
  return { db: getDb(e), bell: silentDoorbell, config: getConfig(e) };
}
