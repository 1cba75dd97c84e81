import { $myList, loadMyList, toggleMyList } from '../stores/my-list';
import { $session } from '../stores/session';

/**
 * Every My List toggle on the page ([data-list-toggle="<film id>"]) reflects the one shared store;
 * clicks are handled once, on the document, so cards added later (personal rows) work too.
 * A signed-out visitor is sent to sign in and brought back.
 */
export function renderToggles() {
  const ids = $myList.get();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-list-toggle]')) {
    const on = ids?.has(button.dataset.listToggle ?? '') ?? false;
    button.setAttribute('aria-pressed', String(on));
    const label = button.querySelector('[data-toggle-text]');
    if (label) label.textContent = on ? 'In My List' : 'My List';
  }
}

$myList.subscribe(renderToggles);

$session.subscribe((state) => {
  if (state.status === 'signed-in') void loadMyList();
});

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-list-toggle]');
  const id = button?.dataset.listToggle;
  if (!button || !id) return;
  event.preventDefault();
  if ($session.get().status === 'signed-out') {
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/auth?redirect=${encodeURIComponent(back)}`);
    return;
  }
  void toggleMyList(id);
});
