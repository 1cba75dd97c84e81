import { $myList } from '../stores/my-list';
import './my-list-toggles';

/** My List: removing a film takes its card away at once (the store is optimistic; a failure puts it back). */
const root = document.querySelector<HTMLElement>('[data-my-list-page]');
$myList.subscribe((ids) => {
  if (!root || !ids) return;
  let shown = 0;
  for (const card of root.querySelectorAll<HTMLElement>('[data-film-card]')) {
    const keep = ids.has(card.dataset.filmId ?? '');
    card.hidden = !keep;
    if (keep) shown++;
  }
  const empty = root.querySelector<HTMLElement>('[data-my-list-empty]');
  if (empty) empty.hidden = shown > 0;
});
