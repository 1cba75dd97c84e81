import { goBack } from '../lib/go-back';

/**
 * Back links: back in history, or to their fallback when there is no page to go back to.
 */
for (const a of document.querySelectorAll<HTMLAnchorElement>('[data-go-back]')) {
  a.addEventListener('click', (e) => {
    e.preventDefault();
    goBack(a.dataset.goBack || '/');
  });
}
