import { beforeAll, describe } from 'vitest';
import type { PostProjectInput } from '../../../functions/domain/projects/input';
import { editProject, postProject, reviewProjectPoster } from '../../../functions/services/projects';
import { png } from '../../support/media';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { bytesInit } from '../films-support';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Projects (docs/projects.md): post, edit and poster reviews are audited; a poster that leaves (here the
 * refused one) owes its file's delete.
 */

let owner: TestUser;
let admin: TestUser;
const ownerV = () => asViewer(owner, ['contributor']);
const adminV = () => asViewer(admin, ['admin']);
const body: PostProjectInput = {
  title: 'Write-path project',
  logline: 'A film in the making',
  description: 'About the sea',
  stage: 'development',
  roles: [{ role: 'composer', pay: 'paid' }],
};

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'wpp_owner');
  admin = await makeUser(['admin'], 'wpp_admin');
});

const project = async () => (await postProject(testDeps(), ownerV(), body)).id;
const withPoster = async () => {
  const res = await call('/api/uploads/posters?name=p.png', bytesInit('POST', png(), owner.cookie, 'image/png'));
  const posterUploadId = ((await res.json()) as { upload: { id: string } }).upload.id;
  return (await postProject(testDeps(), ownerV(), { ...body, posterUploadId })).id;
};

describe('write path: projects', { timeout: 30_000 }, () => {
  scenario('projects/post#postProject', {
    setup: async () => body,
    run: (s, b) => postProject(s, ownerV(), b),
    route: (b) => call('/api/projects', jsonInit('POST', b, owner.cookie)),
    // A campaign that is not the owner's: 400.
    refuse: (s, b) => postProject(s, ownerV(), { ...b, campaignId: 'no-such-campaign' }),
  });

  scenario('projects/edit#editProject', {
    setup: project,
    run: (s, id) => editProject(s, ownerV(), id, { title: 'Edited', roles: [{ role: 'actor', pay: 'volunteer' }] }),
    route: (id) => call(`/api/projects/${id}`, jsonInit('PATCH', { stage: 'shooting' }, owner.cookie)),
    refuse: (s, id) => editProject(s, adminV(), id, { title: 'Not yours' }),
  });

  scenario('projects/poster#reviewProjectPoster', {
    setup: async () => ({ id: await withPoster(), bare: await project() }),
    run: (s, f) => reviewProjectPoster(s, adminV(), f.id, { approve: false }),
    route: (f) => call(`/api/projects/${f.id}/poster-review`, jsonInit('POST', { approve: false }, admin.cookie)),
    // Nothing waits on a project without a poster: 409.
    refuse: (s, f) => reviewProjectPoster(s, adminV(), f.bare, { approve: true }),
  });
});
