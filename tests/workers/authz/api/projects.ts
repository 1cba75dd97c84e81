import { postProject } from '../../../../functions/services/projects';
import { asViewer, makeUser, type TestUser } from '../../factories';
import { testDeps } from '../../worker-call';
import type { Fixture, Outcomes, RouteExpectation } from '../types';
import { onlyRoles, signedIn } from '../types';

/**
 * Issue 44, projects (docs/projects.md): any signed-in person browses, reads and posts; only the owner
 * edits (404 for anyone else, an admin too); admins review posters.
 */
let author: Promise<TestUser> | undefined;
const projectSetup = async (): Promise<Fixture> => {
  author ??= makeUser([], 'projector');
  const owner = await author;
  const { id } = await postProject(testDeps(), asViewer(owner, ['viewer']), {
    title: 'Matrix project',
    logline: 'A matrix row',
    description: 'For the matrix',
    stage: 'development',
    roles: [],
  });
  return { owner, projectId: id };
};
const at =
  (suffix = '', body?: unknown) =>
  (_a: TestUser | null, f: Fixture) => ({ path: `/api/projects/${f.projectId}${suffix}`, body });

const ownerOnly: Outcomes = { ...signedIn(404), owner: 200 };

const expectations: RouteExpectation[] = [
  { route: 'GET /api/projects', expect: signedIn(200) },
  { route: 'GET /api/projects/mine', expect: signedIn(200) },
  { route: 'GET /api/projects/posters-waiting', expect: onlyRoles(200, ['admin']) },
  {
    route: 'POST /api/projects',
    request: () => ({
      path: '/api/projects',
      body: { title: 'Matrix', logline: 'A row', description: 'Posted', stage: 'shooting' },
    }),
    expect: signedIn(201),
  },
  { route: 'GET /api/projects/:id', setup: projectSetup, request: at(), expect: { ...signedIn(200), owner: 200 } },
  { route: 'PATCH /api/projects/:id', setup: projectSetup, request: at('', { title: 'Renamed' }), expect: ownerOnly },
  {
    // No poster yet: 404 to everyone (the project is not hidden, so the answer is the same for all).
    route: 'GET /api/projects/:id/poster',
    setup: projectSetup,
    request: at('/poster'),
    expect: { anonymous: 404, viewer: 404, user: 404, contributor: 404, editor: 404, admin: 404, owner: 404 },
  },
  {
    // No poster waits: an admin's review is a 409; anyone else is refused first.
    route: 'POST /api/projects/:id/poster-review',
    setup: projectSetup,
    request: at('/poster-review', { approve: true }),
    expect: { ...onlyRoles(409, ['admin']), owner: 403 },
  },
];
export default expectations;
