import { eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { contentPages } from '../../../functions/db/schema';
import {
  addImageHost,
  pinHome,
  publishContent,
  removeImageHost,
  restoreContentVersion,
  saveContentDraft,
} from '../../../functions/services/content';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { makeFilm } from '../films-support';
import { call, env, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Content (issue 46): an editor's draft, publish and restore are audited; publish and restore owe
 * `content-bump`; an admin's pin of the home page is audited and owes `catalogue-bump`.
 */

let editor: TestUser;
let admin: TestUser;
let filmId: string;
const editorV = () => asViewer(editor, ['viewer', 'editor']);
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  editor = await makeUser(['editor'], 'wpc_editor');
  admin = await makeUser(['admin'], 'wpc_admin');
  filmId = (await makeFilm(admin)).id;
});

const revisionOf = async () =>
  (await getDb(env).select().from(contentPages).where(eq(contentPages.slug, 'terms')).get())?.revision ?? 0;

describe('write path: content', { timeout: 30_000 }, () => {
  scenario('content/save-draft#saveContentDraft', {
    setup: revisionOf,
    run: (s, revision) => saveContentDraft(s, editorV(), 'terms', { markdown: '# Terms\n\nDraft.', revision }),
    route: (revision) =>
      call(
        '/api/content/pages/terms/draft',
        jsonInit('PUT', { markdown: '# Terms\n\nDraft.', revision }, editor.cookie),
      ),
    // A revision someone else moved past: 409, nothing written.
    refuse: (s, revision) => saveContentDraft(s, editorV(), 'terms', { markdown: 'x', revision: revision + 100 }),
  });

  scenario('content/publish#publishContent', {
    setup: revisionOf,
    run: (s, revision) => publishContent(s, editorV(), 'terms', { markdown: '# Terms\n\nNew.', revision }),
    route: (revision) =>
      call(
        '/api/content/pages/terms/publish',
        jsonInit('POST', { markdown: '# Terms\n\nNew.', revision }, editor.cookie),
      ),
    refuse: (s, revision) => publishContent(s, editorV(), 'terms', { markdown: 'x', revision: revision + 100 }),
  });

  scenario('content/publish#restoreContentVersion', {
    setup: revisionOf,
    run: (s, revision) => restoreContentVersion(s, editorV(), 'terms', { version: 1, revision }),
    route: (revision) =>
      call('/api/content/pages/terms/restore', jsonInit('POST', { version: 1, revision }, editor.cookie)),
    // No such version: 404.
    refuse: (s, revision) => restoreContentVersion(s, editorV(), 'terms', { version: 9999, revision }),
  });

  scenario('content/home-pin#pinHome', {
    setup: async () => filmId,
    run: (s, id) => pinHome(s, adminV(), { filmId: id, banner: { text: 'Festival week', href: '/new-and-popular' } }),
    route: (id) => call('/api/content/home', jsonInit('PUT', { filmId: id, banner: null }, admin.cookie)),
    // A film that does not exist: 400.
    refuse: (s) => pinHome(s, adminV(), { filmId: crypto.randomUUID(), banner: null }),
  });

  scenario('content/image-hosts#addImageHost', {
    setup: async () => {
      const host = `wp-${crypto.randomUUID().slice(0, 8)}.example.com`;
      await addImageHost(testDeps(), adminV(), { host: `x${host}` });
      return host;
    },
    run: (s, host) => addImageHost(s, adminV(), { host }),
    route: (host) => call('/api/content/image-hosts', jsonInit('POST', { host: `r${host}` }, admin.cookie)),
    // Already allowed: 409, nothing written.
    refuse: (s, host) => addImageHost(s, adminV(), { host: `x${host}` }),
  });

  scenario('content/image-hosts#removeImageHost', {
    setup: async () => {
      const host = `wp-${crypto.randomUUID().slice(0, 8)}.example.com`;
      await addImageHost(testDeps(), adminV(), { host });
      await addImageHost(testDeps(), adminV(), { host: `r${host}` });
      return host;
    },
    run: (s, host) => removeImageHost(s, adminV(), { host }),
    route: (host) => call('/api/content/image-hosts/remove', jsonInit('POST', { host: `r${host}` }, admin.cookie)),
    // Not in the list: 409, nothing written.
    refuse: (s, host) => removeImageHost(s, adminV(), { host: `never-${host}` }),
  });
});
