import type { Actor, TestUser } from '../factories';

/** Expected status for each actor. Later features add columns (owner, team member) in their own rows. */
export type Outcomes = Record<Actor, number>;

export interface RouteExpectation {
  /** `METHOD /api/path` exactly as registered in the Hono app. */
  route: string;
  /** What to send; defaults to the route's path with parameters filled with unknown ids. */
  request?: (actor: TestUser | null) => { path: string; body?: unknown };
  expect: Outcomes;
  /** The call ends the actor's sessions (sign-out): run it as a fresh user with the same roles. */
  freshUser?: boolean;
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
