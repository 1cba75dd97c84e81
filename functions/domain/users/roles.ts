export const ROLES = ['viewer', 'user', 'contributor', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The role checks, exactly: an admin counts as a contributor and an editor. */
export const isContributor = (roles: readonly Role[]) => roles.includes('contributor') || roles.includes('admin');
export const isAdmin = (roles: readonly Role[]) => roles.includes('admin');
export const isEditor = (roles: readonly Role[]) => roles.includes('editor') || roles.includes('admin');
export const isViewer = (roles: readonly Role[]) =>
  roles.some((r) => r === 'viewer' || r === 'user' || r === 'contributor' || r === 'admin' || r === 'editor');
