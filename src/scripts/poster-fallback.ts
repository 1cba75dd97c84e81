/**
 * A poster image that fails to load (img[data-poster]) is hidden, so its frame shows what a film
 * without a poster shows instead of a broken image. No inline onerror: the CSP allows none. An image's
 * error event does not bubble, so one listener on the document catches it in the capture phase; an
 * image that failed before this module ran is found by its state (loaded, with a source, no pixels).
 */
const SELECTOR = 'img[data-poster]';

const broken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && Boolean(img.getAttribute('src'));

document.addEventListener(
  'error',
  (e) => {
    if (e.target instanceof HTMLImageElement && e.target.matches(SELECTOR)) e.target.hidden = true;
  },
  true,
);
for (const img of document.querySelectorAll<HTMLImageElement>(SELECTOR)) if (broken(img)) img.hidden = true;
