import type { Actor, TestUser } from '../factories';

/** Actors that exist only relative to a row's fixture: the owner of its resource and a team member. */
export const FIXTURE_ACTORS = ['owner', 'member'] as const;
export type FixtureActor = (typeof FIXTURE_ACTORS)[number];

/** Expected status for each actor; a row with a `setup` may add the owner and team-member columns. */
export type Outcomes = Record<Actor, number> & Partial<Record<FixtureActor, number>>;

/** What a row's setup made: the fixture actors and any ids its request needs. */
export interface Fixture {
  owner?: TestUser;
  member?: TestUser;
  [key: string]: unknown;
}

export interface RouteExpectation {
  /** `METHOD /api/path` exactly as registered in the Hono app. */
  route: string;
  /** What to send; defaults to the route's path with parameters filled with unknown ids. */
  request?: (actor: TestUser | null, fixture: Fixture) => { path: string; body?: unknown };
  expect: Outcomes;
  /** The call ends the actor's sessions (sign-out): run it as a fresh user with the same roles. */
  freshUser?: boolean;
  /** Runs before each actor's call (a fresh resource each time, as the call may change it). */
  setup?: () => Promise<Fixture>;
}

export const everyone = (status: number): Outcomes => ({
  anonymous: status,
  viewer: status,
  user: status,
  contributor: status,
  editor: status,
  admin: status,
});

/** Signed-out callers get 401; every signed-in caller gets `status`. */
export const signedIn = (status: number): Outcomes => ({ ...everyone(status), anonymous: 401 });

/** 401 signed out, 403 for roles without access, `status` for the roles listed. */
export const onlyRoles = (status: number, roles: Actor[]): Outcomes => {
  const out = { ...everyone(403), anonymous: 401 };
  for (const r of roles) out[r] = status;
  return out;
};
