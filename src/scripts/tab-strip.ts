/**
 * A tab strip wider than the screen scrolls sideways (DashboardFrame, CampaignFrame): it opens with
 * the current tab in view, centred where it can be, rather than cut off at the right edge.
 */
for (const strip of document.querySelectorAll<HTMLElement>('[data-tab-strip]')) {
  const current = strip.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || strip.scrollWidth <= strip.clientWidth) continue;
  const s = strip.getBoundingClientRect();
  const c = current.getBoundingClientRect();
  strip.scrollLeft += c.left - s.left - (s.width - c.width) / 2;
}
