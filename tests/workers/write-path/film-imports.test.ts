import { beforeAll, describe } from 'vitest';
import { importFilmPage } from '../../../functions/services/scraper';
import { fixtureFetch } from '../../support/scraper-pages';
import { asViewer, makeUser, type TestUser } from '../factories';
import { scenario } from './harness';

/* Issue 47: an import is audited with the poster it copied; a refused address writes nothing. */

const SITE = 'https://festival.example.com';
let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpi_admin');
});

describe('write path: film imports', { timeout: 30_000 }, () => {
  scenario('scraper/import#importFilmPage', {
    setup: async () => null,
    run: (s) => importFilmPage(s, adminV(), { url: `${SITE}/jsonld.html` }, { fetch: fixtureFetch(SITE) }),
    // A redirect to a private address: refused before it is requested.
    refuse: (s) => importFilmPage(s, adminV(), { url: `${SITE}/redirect-private` }, { fetch: fixtureFetch(SITE) }),
  });
});
