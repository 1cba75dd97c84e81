import type { Config } from '../../env';
import type { ServiceContext } from '../context';

/** What the wallet verbs need besides the database: the site's address and its chains. */
export interface WalletContext extends ServiceContext {
  config: Pick<Config, 'PUBLIC_URL' | 'chains'>;
}
