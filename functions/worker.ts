import { env as startupEnv } from 'cloudflare:workers';
import astro from '@astrojs/cloudflare/entrypoints/server';
import type { PageRenderer } from './edge/pages';
import { type Bindings, getConfig } from './env';
import { createWorker } from './handler';

// Start-up check: an invalid or incomplete production environment stops the worker here.
getConfig(startupEnv as unknown as Bindings);

const renderAstro: PageRenderer = (request, env, ctx) =>
  astro.fetch(request as Parameters<typeof astro.fetch>[0], env as never, ctx as never) as Promise<Response>;

export default createWorker(renderAstro);

export { CoinDeployer } from './chain/deployer-object';
export { CoinIndexer } from './chain/indexer-object';
export { CampaignChannel } from './realtime/campaign-channel';
export { UserChannel } from './realtime/user-channel';
