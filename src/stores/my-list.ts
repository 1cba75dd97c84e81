import { atom, computed } from 'nanostores';
import { api, call } from '../lib/api-client';
import { toast } from './toast';

/**
 * The viewer's My List, shared by every toggle on the page: one store, optimistic changes. A toggle
 * flips the store at once, the API call follows, and a failure puts the store back with a toast.
 * `null` until the list is loaded (or for a signed-out visitor).
 */
export const $myList = atom<ReadonlySet<string> | null>(null);
export const $myListReady = computed($myList, (ids) => ids !== null);

/** The list's films as the API gave them (for the My List row and page). */
export interface ListFilm {
  id: string;
  title: string;
  year: number | null;
  categoryName: string | null;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
}
export const $myListFilms = atom<ListFilm[]>([]);

async function fetchList(): Promise<ListFilm[] | null> {
  // A failed read leaves the list as it was (null), as a network failure does.
  return (await call(api['my-list'].index.$get()).catch(() => null))?.items ?? null;
}

let loading: Promise<void> | null = null;

/**
 * What the visitor changed on this page, film by film. A tap made before the list has loaded must
 * survive the load: the list the server sends may have been read before that tap's change arrived.
 */
const changes = new Map<string, boolean>();

/** Loads the list once per page view; this page's own changes stay on top of it. */
export function loadMyList(): Promise<void> {
  loading ??= fetchList()
    .then((items) => {
      if (!items) return;
      const ids = new Set(items.map((i) => i.id));
      for (const [id, on] of changes) {
        if (on) ids.add(id);
        else ids.delete(id);
      }
      $myListFilms.set(items.filter((i) => ids.has(i.id)));
      $myList.set(ids);
    })
    .catch(() => {});
  return loading;
}

/** Refreshes the films shown in list rows; membership stays with the optimistic store. */
function refreshListFilms() {
  void fetchList()
    .then((items) => {
      const ids = $myList.get();
      if (items && ids) $myListFilms.set(items.filter((i) => ids.has(i.id)));
    })
    .catch(() => {});
}

const with_ = (ids: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/** Adds or removes a film; the UI changes first, the server confirms or the change is undone. */
export async function setInMyList(id: string, on: boolean): Promise<boolean> {
  const before = $myList.get() ?? new Set<string>();
  const changedBefore = changes.get(id);
  changes.set(id, on);
  $myList.set(with_(before, id, on));
  try {
    const film = api['my-list'][':videoId'];
    const args = { param: { videoId: id } };
    // The change must reach the server even if the visitor navigates away at once.
    const options = { init: { keepalive: true } };
    await (on ? call(film.$put(args, options)) : call(film.$delete(args, options)));
    if (on) refreshListFilms();
    else $myListFilms.set($myListFilms.get().filter((f) => f.id !== id));
    return true;
  } catch {
    if (changedBefore === undefined) changes.delete(id);
    else changes.set(id, changedBefore);
    $myList.set(with_($myList.get() ?? before, id, !on));
    toast(on ? 'Could not add to My List' : 'Could not remove from My List', 'error');
    return false;
  }
}

export const toggleMyList = (id: string) => setInMyList(id, !($myList.get()?.has(id) ?? false));
