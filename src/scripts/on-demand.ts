/**
 * Controls whose code loads when a person uses them, not with the page (the film page keeps its
 * JavaScript budget before play, docs/performance.md). One small module for all of them, so a page
 * that shows several pays for one file:
 * - Share buttons (src/components/ShareControl.astro): src/scripts/share.ts loads on the press.
 * - Report controls (src/components/reports/ReportControl.astro): src/scripts/report-control.ts loads
 *   when one is first opened; its form stays disabled until then, so nothing typed is lost.
 * - Follow controls (src/components/campaigns/FollowButton.astro): src/scripts/follow-button.ts loads on
 *   a press, or with the page where a control's state is unknown (a cached card) to fill it once signed
 *   in. Presses are taken on the document, so controls added later work too.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share-control] button[data-share-page]')) {
  button.addEventListener('click', () => {
    void import('./share').then((m) => m.share(button));
  });
  // Drawn disabled until this script runs, so a press is never lost (docs/architecture.md, islands).
  button.disabled = false;
}

for (const control of document.querySelectorAll<HTMLDetailsElement>('[data-report-control]')) {
  const load = () => {
    control.removeEventListener('toggle', load);
    void import('./report-control').then((m) => m.wireReport(control));
  };
  if (control.open) load();
  else control.addEventListener('toggle', load);
}

const follows = [...document.querySelectorAll<HTMLButtonElement>('[data-follow]')];
if (follows.length > 0) {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-follow]');
    const id = button?.dataset.follow;
    if (!button || !id) return;
    event.preventDefault();
    void import('./follow-button').then((m) => m.toggle(button, id));
  });
  for (const b of follows) b.disabled = false;
  if (follows.some((b) => b.dataset.following === undefined))
    void import('./follow-button').then((m) => m.fillWhenSignedIn());
}
