import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import type { NotificationPage, NotificationView } from '../../functions/services/notifications';
import { api, call } from '../lib/api-client';
import { add } from '../lib/dom';
import { timeElement } from '../lib/time';
import { markAllNotificationsRead, markNotificationRead, onRealtime, openItem } from '../stores/notifications';
import { toast } from '../stores/toast';

/** /notifications: pages back with before=, catches up with after= when the socket says so. */
const PAGE = 20;
const list = document.querySelector<HTMLElement>('[data-list]');
const status = document.querySelector<HTMLElement>('[data-status]');
const empty = document.querySelector<HTMLElement>('[data-empty]');
const more = document.querySelector<HTMLButtonElement>('[data-more]');
const readAll = document.querySelector<HTMLButtonElement>('[data-read-all]');
const unreadOnly = list?.dataset.unreadOnly === 'true';

let items: NotificationView[] = [];
let hasMore = false;
// List updates run one after another, so a live event during a load never duplicates or drops rows.
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
};

const fetchPage = (extra: { before?: string; after?: string; limit?: string }): Promise<NotificationPage> =>
  call(
    api.notifications.index.$get({
      query: { limit: String(PAGE), ...(unreadOnly ? { unread: 'true' } : {}), ...extra },
    }),
  );

function row(n: NotificationView): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'nf-item';
  li.dataset.notification = n.id;
  if (!n.isRead) li.dataset.unread = '';
  const dot = document.createElement('span');
  dot.className = 'nf-dot';
  dot.setAttribute('aria-hidden', 'true');
  const title = document.createElement('a');
  title.className = 'nf-title';
  title.href = n.target;
  title.textContent = n.title;
  if (!n.isRead) {
    const sr = document.createElement('span');
    sr.className = 'sr-only';
    sr.textContent = ' (unread)';
    add(title, sr);
  }
  title.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void openItem(n.target, () => (n.isRead ? Promise.resolve() : markNotificationRead(n.id)));
  });
  const action = document.createElement('div');
  if (!n.isRead) {
    const mark = document.createElement('button');
    mark.type = 'button';
    mark.className = 'btn';
    // The visible words start the accessible name; the title tells the buttons apart for screen readers.
    const which = document.createElement('span');
    which.className = 'sr-only';
    which.textContent = ` “${n.title}”`;
    add(mark, 'Mark as read', which);
    mark.addEventListener('click', async () => {
      mark.disabled = true;
      try {
        await markNotificationRead(n.id);
        setRead([n.id]);
      } catch {
        mark.disabled = false;
        toast(CHROME_TEXT.failedToLoad, 'error');
      }
    });
    add(action, mark);
  }
  const body = document.createElement('p');
  body.className = 'nf-body';
  body.textContent = n.message;
  // A page the reader can no longer open: the notification says why instead of leading there.
  const note = n.note ? document.createElement('p') : null;
  if (note) {
    note.className = 'nf-note';
    note.dataset.note = '';
    note.textContent = n.note;
  }
  const meta = document.createElement('div');
  meta.className = 'nf-meta';
  add(meta, timeElement(n.createdAt));
  add(li, dot, title, action, body, note, meta);
  return li;
}

function render() {
  list?.replaceChildren(...items.map(row));
  if (empty) empty.hidden = items.length > 0;
  if (more) more.hidden = !hasMore;
  if (status) status.textContent = '';
  if (readAll) readAll.disabled = !items.some((n) => !n.isRead);
}

function setRead(ids: string[] | 'all') {
  items = items.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, isRead: true } : n));
  render();
}

async function loadOlder() {
  const last = items.at(-1);
  const page = await fetchPage(last ? { before: last.cursor } : {});
  items = [...items, ...page.items];
  hasMore = page.hasMore;
  render();
}

/** Exactly what was written (or updated in place) after the newest item shown (oldest first from the API). */
async function catchUp() {
  const newest = items[0];
  if (!newest) return loadOlder();
  const fresh: NotificationView[] = [];
  let cursor = newest.cursor;
  for (;;) {
    const page = await fetchPage({ after: cursor, limit: '100' });
    fresh.push(...page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) break;
    cursor = last.cursor;
  }
  // A notification updated in place (a team's tally of new backers) comes again, newer: it moves to
  // the top with its new text instead of appearing twice.
  const updated = new Set(fresh.map((n) => n.id));
  items = [...[...new Map(fresh.map((n) => [n.id, n])).values()].reverse(), ...items.filter((n) => !updated.has(n.id))];
  render();
}

more?.addEventListener('click', async () => {
  more.disabled = true;
  try {
    await serial(loadOlder);
  } catch {
    toast(CHROME_TEXT.failedToLoad, 'error');
  } finally {
    more.disabled = false;
  }
});

readAll?.addEventListener('click', async () => {
  readAll.disabled = true;
  try {
    await markAllNotificationsRead();
    setRead('all');
  } catch {
    toast(CHROME_TEXT.failedToLoad, 'error');
    readAll.disabled = false;
  }
});

onRealtime((e) => {
  if (e.kind === 'notification' || e.kind === 'resync') serial(catchUp).catch((err) => console.error(err));
  else if (e.kind === 'read' && e.scope === 'notifications') setRead(e.all ? 'all' : (e.ids ?? []));
});

serial(loadOlder).catch(() => {
  if (status) status.textContent = CHROME_TEXT.failedToLoad;
});
