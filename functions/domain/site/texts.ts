/**
 * The texts of the catalogue, its people and the not-found page. Browser code imports the module of
 * its feature; the server may use `TEXT`, which includes them all.
 */
export const SITE_TEXT = {
  notFoundCode: '404',
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
  unknownContributor: 'Unknown contributor',
  videoNotFound: 'Video not found',
  popularMovies: 'Popular Movies',
  signInToWatch: 'Sign in to watch',
  // Said on the home page to someone a creator or admin page sent there (?denied=<path>).
  creatorsOnly: '{page} is for creators, and your account is not a creator account yet.',
  adminsOnly: '{page} is for admins only.',
  editorsOnly: '{page} is for editors and admins only.',
  // An editor sent away from an admin page: what they can open instead.
  adminsOnlyForEditor: '{page} is for admins only. As an editor, you change the info pages in the content editor.',
  openContentEditor: 'Open the content editor',
  applyToCreate: 'Apply to become a creator',
} as const;
