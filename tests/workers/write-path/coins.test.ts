import { beforeAll, describe } from 'vitest';
import { deployCreatorCoin } from '../../../functions/services/coins';
import { chainReady, coinCampaign, deploy } from '../coins-support';
import { asViewer, makeUser, type TestUser } from '../factories';
import { scenario } from './harness';

/*
 * An admin deploys a campaign's creator coin on the worker tests' own chain: the deployer records
 * the mined deployment with the admin's audit row. Refused: a request whose price differs from the
 * saved settings (409, before anything is sent).
 */

let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpc_admin');
  await chainReady();
}, 120_000);

describe('write path: coins', { timeout: 60_000 }, () => {
  scenario('coins/deploy#deployCreatorCoin', {
    setup: () => coinCampaign(),
    run: (s, c) => deployCreatorCoin(s, adminV(), c.body),
    route: (c) => deploy(admin, c.body),
    refuse: (s, c) => deployCreatorCoin(s, adminV(), { ...c.body, pricePerCoin: c.body.pricePerCoin + 1 }),
  });
});
