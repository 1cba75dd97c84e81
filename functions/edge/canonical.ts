/**
 * The one spelling of a page path that the page table is matched against: percent-escapes decoded
 * (`/%61dmin` is `/admin`), backslashes read as slashes and repeated slashes collapsed (`//admin`),
 * dot segments resolved; characters a URL must escape are escaped again. null when the path cannot
 * be decoded. Protection decides on this form, so another spelling cannot slip past it.
 */
export function canonicalPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const collapsed = decoded.replace(/[\\/]+/g, '/');
  let canonical: string;
  try {
    canonical = new URL(collapsed, 'http://canonical.invalid').pathname;
  } catch {
    return null;
  }
  // A path that still decodes to something else (`%2561` → `%61` → `a`) has no one spelling.
  return canonical === pathname || canonicalOnce(canonical) ? canonical : null;
}

function canonicalOnce(path: string): boolean {
  try {
    const again = new URL(decodeURIComponent(path).replace(/[\\/]+/g, '/'), 'http://canonical.invalid').pathname;
    return again === path;
  } catch {
    return false;
  }
}
