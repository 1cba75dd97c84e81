/**
 * The 404 page: the missing route goes to the console, for whoever is debugging a link.
 */
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);

// A module, not a script: its names stay its own.
export {};
