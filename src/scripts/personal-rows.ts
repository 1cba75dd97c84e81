import { api, call } from '../lib/api-client';
import { $myListFilms, type ListFilm, loadMyList } from '../stores/my-list';
import { $session } from '../stores/session';
import { renderToggles } from './my-list-toggles';

/**
 * The signed-in parts of an otherwise shared page: 'Continue watching' and 'My List' rows, fetched
 * for this viewer only (the HTML every visitor gets holds none of it). Cards are filled into the
 * page's <template id="film-card-template">.
 */
interface ContinueFilm extends ListFilm {
  positionSeconds: number;
  durationSeconds: number | null;
}

const template = document.getElementById('film-card-template') as HTMLTemplateElement | null;

function card(film: ListFilm, progress?: number): Node | null {
  const node = template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
  if (!node) return null;
  node.dataset.filmId = film.id;
  for (const a of node.querySelectorAll<HTMLAnchorElement>('[data-card-link]')) a.href = `/movie/${film.id}`;
  const img = node.querySelector<HTMLImageElement>('[data-card-img]');
  if (img && film.posterUrl) {
    img.src = film.posterUrl;
    img.width = film.posterWidth ?? 320;
    img.height = film.posterHeight ?? 480;
    img.hidden = false;
  }
  const title = node.querySelector('[data-card-title]');
  if (title) title.textContent = film.title;
  const meta = node.querySelector('[data-card-meta]');
  if (meta) meta.textContent = [film.year, film.categoryName].filter(Boolean).join(' · ');
  const toggle = node.querySelector<HTMLElement>('[data-list-toggle]');
  if (toggle) toggle.dataset.listToggle = film.id;
  const label = node.querySelector('[data-card-toggle-label]');
  if (label) label.textContent = `My List: ${film.title}`;
  const bar = node.querySelector<HTMLElement>('[data-card-progress]');
  if (bar && progress !== undefined) {
    bar.hidden = false;
    bar.style.setProperty('--p', `${Math.round(progress * 100)}%`);
  }
  return node;
}

function fill(rowId: string, nodes: (Node | null)[]) {
  const row = document.querySelector<HTMLElement>(`[data-row="${rowId}"]`);
  const track = row?.querySelector('[data-row-track]');
  if (!row || !track) return;
  const cards = nodes.filter((n): n is Node => n !== null);
  track.replaceChildren(...cards);
  row.hidden = cards.length === 0;
  renderToggles();
}

async function loadContinueWatching() {
  const { items } = (await call(api.watch.continue.$get())) as { items: ContinueFilm[] };
  fill(
    'continue',
    items.map((f) => card(f, f.durationSeconds ? f.positionSeconds / f.durationSeconds : undefined)),
  );
}

let started = false;
$session.subscribe((state) => {
  if (state.status !== 'signed-in' || started) return;
  started = true;
  void loadContinueWatching().catch(() => {});
  void loadMyList();
  $myListFilms.subscribe((films) =>
    fill(
      'my-list',
      films.slice(0, 12).map((f) => card(f)),
    ),
  );
});
