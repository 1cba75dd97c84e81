// The worker under test in workerd: the real handler, API and page pipeline, with a small stand-in
// for Astro's renderer (Astro's build-time virtual modules do not exist here). Real pages are
// tested over HTTP against the built worker (tests/http) and in Chromium (tests/e2e).
import { NOT_FOUND_PATH, type PageRenderer } from '../../functions/edge/pages';
import { createWorker } from '../../functions/handler';

export const PAGE_MARKER = 'data-page-stand-in';

const renderPage: PageRenderer = async (request) => {
  const { pathname } = new URL(request.url);
  return new Response(`<!doctype html><html><body ${PAGE_MARKER}><h1>Page ${pathname}</h1></body></html>`, {
    status: pathname === NOT_FOUND_PATH ? 404 : 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
};

export default createWorker(renderPage);
export { CoinDeployer } from '../../functions/chain/deployer-object';
export { CoinIndexer } from '../../functions/chain/indexer-object';
export { CampaignChannel } from '../../functions/realtime/campaign-channel';
export { UserChannel } from '../../functions/realtime/user-channel';
