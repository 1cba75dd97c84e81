import type { AstroGlobal } from 'astro';

/**
 * media-chrome styles its controls with <style> elements in shadow roots, which a hash-based CSP
 * blocks; pages that show the player allow inline styles (styles only — scripts stay hash-locked).
 * Call it from the page's own frontmatter: the policy header is fixed before nested components that
 * render after an await would be able to add to it.
 */
export function allowPlayerStyles(astro: Pick<AstroGlobal, 'csp'>) {
  astro.csp?.insertStyleResource("'self'");
  astro.csp?.insertStyleResource("'unsafe-inline'");
}
