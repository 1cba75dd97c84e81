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

/** What the worker does with a page request before anything renders. */
export type PageOutcome = 'page' | 'sign-in' | 'home' | 'not-found';

/** The invited team member: a plain viewer invited (not yet approved) to the row's campaign. */
export type PageActor = Actor | 'member';

/** What a page row's path may use: the shared campaign the member is invited to. */
export interface PageFixture {
  campaignId: string;
  movieId: string;
}

export interface PageExpectation {
  /** The pattern exactly as in the worker's page table (functions/domain/site/pages.ts). */
  page: string;
  /** The path to open; defaults to the pattern with its parameters filled with unknown ids. */
  path?: (fixture: PageFixture) => string;
  /** Every actor's outcome, written out; `member` where an invitation matters. */
  expect: Record<Actor, PageOutcome> & { member?: PageOutcome };
}

// The four kinds of page, as literal outcomes (not read from the worker's table).
export const PUBLIC_PAGE = {
  anonymous: 'page',
  viewer: 'page',
  user: 'page',
  contributor: 'page',
  editor: 'page',
  admin: 'page',
} as const satisfies Record<Actor, PageOutcome>;

export const SIGNED_IN_PAGE = {
  anonymous: 'sign-in',
  viewer: 'page',
  user: 'page',
  contributor: 'page',
  editor: 'page',
  admin: 'page',
} as const satisfies Record<Actor, PageOutcome>;

export const CREATOR_PAGE = {
  anonymous: 'sign-in',
  viewer: 'home',
  user: 'home',
  contributor: 'page',
  editor: 'home',
  admin: 'page',
} as const satisfies Record<Actor, PageOutcome>;

export const ADMIN_PAGE = {
  anonymous: 'sign-in',
  viewer: 'home',
  user: 'home',
  contributor: 'home',
  editor: 'home',
  admin: 'page',
} as const satisfies Record<Actor, PageOutcome>;
