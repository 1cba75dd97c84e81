/**
 * The texts the site chrome (header, bell, session check, sign-in guard) shows on every page. They
 * live apart from the rest so every page's script carries only these; `TEXT` includes them.
 */
export const CHROME_TEXT = {
  signedOut: 'Signed out successfully',
  signOutError: 'Error signing out',
  sessionRetry: 'Session check failed, retrying...',
  sessionFailed: 'Failed to check session',
  authenticating: 'Authenticating...',
  redirecting: 'Redirecting...',
  unknownUser: 'Unknown User',
  failedToLoad: 'Failed to load data',
} as const;
