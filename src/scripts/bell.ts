import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import type { Summary } from '../../functions/services/notifications';
import { add } from '../lib/dom';
import { timeElement } from '../lib/time';
import {
  $announcement,
  $badge,
  $live,
  $summary,
  markAllNotificationsRead,
  markMessageRead,
  markNotificationRead,
  openItem,
  refreshSummary,
  startRealtime,
  stopRealtime,
} from '../stores/notifications';
import { $session } from '../stores/session';

const root = document.querySelector<HTMLElement>('[data-bell-root]');
const button = root?.querySelector<HTMLButtonElement>('[data-bell-button]');
const badge = root?.querySelector<HTMLElement>('[data-bell-badge]');
const popover = root?.querySelector<HTMLElement>('[data-bell-popover]');
const nList = root?.querySelector<HTMLElement>('[data-bell-notifications]');
const mList = root?.querySelector<HTMLElement>('[data-bell-messages]');
const nEmpty = root?.querySelector<HTMLElement>('[data-bell-notifications-empty]');
const mEmpty = root?.querySelector<HTMLElement>('[data-bell-messages-empty]');
const readAll = root?.querySelector<HTMLButtonElement>('[data-bell-read-all]');
const live = root?.querySelector<HTMLElement>('[data-bell-live]');

const focusables = () =>
  [...(popover?.querySelectorAll<HTMLElement>('a[href], button:not([hidden])') ?? [])].filter(
    (el) => !el.closest('[hidden]'),
  );

interface ItemSpec {
  kind: 'notification' | 'message';
  id: string;
  unread: boolean;
  title: string;
  preview: string;
  createdAt: string;
  target: string;
  markRead: () => Promise<unknown>;
}

function item(spec: ItemSpec): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.className = 'bell-item';
  a.href = spec.target;
  a.dataset.bellItem = spec.kind;
  a.dataset.id = spec.id;
  if (spec.unread) a.dataset.unread = '';
  const dot = document.createElement('span');
  dot.className = 'bell-dot';
  dot.setAttribute('aria-hidden', 'true');
  const title = document.createElement('span');
  title.className = 'bell-item-title';
  title.textContent = spec.title;
  if (spec.unread) {
    const sr = document.createElement('span');
    sr.className = 'sr-only';
    sr.textContent = ' (unread)';
    add(title, sr);
  }
  const preview = document.createElement('span');
  preview.className = 'bell-item-preview';
  preview.dataset.bellPreview = '';
  preview.textContent = spec.preview;
  add(a, dot, title, preview, timeElement(spec.createdAt));
  a.addEventListener('click', (e) => {
    // A new tab or window keeps the browser's own behaviour; the item is still marked read.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      void spec.markRead().catch(() => {});
      return;
    }
    e.preventDefault();
    void openItem(spec.target, spec.markRead);
  });
  add(li, a);
  return li;
}

function render(summary: Summary | null) {
  const text = $badge.get();
  // The drawer's Notifications link carries the same count (the bell is hidden on phones).
  for (const el of document.querySelectorAll<HTMLElement>('[data-unread-count]')) {
    el.textContent = text;
    el.hidden = !text;
  }
  if (!root || !button || !badge) return;
  badge.textContent = text;
  badge.hidden = !text;
  const total = summary?.unread.total ?? 0;
  button.setAttribute('aria-label', total ? `Notifications, ${total} unread` : 'Notifications');
  // A re-render replaces the items: keep keyboard focus on the same item (or the first one).
  const focused = document.activeElement as HTMLElement | null;
  const focusedItem = focused?.dataset.bellItem
    ? `[data-bell-item="${focused.dataset.bellItem}"][data-id="${CSS.escape(focused.dataset.id ?? '')}"]`
    : null;
  const notifications = summary?.notifications ?? [];
  const messages = summary?.messages ?? [];
  nList?.replaceChildren(
    ...notifications.map((n) =>
      item({
        kind: 'notification',
        id: n.id,
        unread: !n.isRead,
        title: n.title,
        preview: n.preview,
        createdAt: n.createdAt,
        target: n.target,
        markRead: () => markNotificationRead(n.id),
      }),
    ),
  );
  mList?.replaceChildren(
    ...messages.map((m) =>
      item({
        kind: 'message',
        id: m.id,
        unread: true,
        title: m.senderUsername ?? CHROME_TEXT.unknownUser,
        preview: m.subject ? `${m.subject} — ${m.preview}` : m.preview,
        createdAt: m.createdAt,
        target: m.target,
        markRead: () => markMessageRead(m.id),
      }),
    ),
  );
  if (nEmpty) nEmpty.hidden = notifications.length > 0;
  if (mEmpty) mEmpty.hidden = messages.length > 0;
  if (readAll) readAll.hidden = (summary?.unread.notifications ?? 0) === 0;
  if (focusedItem && !root.contains(document.activeElement)) {
    (root.querySelector<HTMLElement>(focusedItem) ?? focusables()[0] ?? button).focus();
  }
}

$summary.subscribe(render);
// The socket's state, for styling and for tests that wait until the tab listens.
$live.subscribe((state) => {
  if (root) root.dataset.live = state;
});
$announcement.subscribe((text) => {
  if (live) live.textContent = text;
});

// ---- opening and closing: a disclosure with dialog semantics ----------------------------------

function setOpen(open: boolean, { focus = true } = {}) {
  if (!button || !popover) return;
  popover.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  if (open) {
    void refreshSummary();
    if (focus) focusables()[0]?.focus();
  }
}

button?.addEventListener('click', () => setOpen(popover?.hidden ?? false));
popover?.addEventListener('keydown', (e) => {
  const items = focusables();
  const i = items.indexOf(document.activeElement as HTMLElement);
  if (e.key === 'Escape') {
    setOpen(false);
    button?.focus();
  } else if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
  else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
  else return;
  e.preventDefault();
});
root?.addEventListener('focusout', (e) => {
  const next = e.relatedTarget as Node | null;
  if (next && !root.contains(next)) setOpen(false, { focus: false });
});
document.addEventListener('click', (e) => {
  if (popover && !popover.hidden && root && !root.contains(e.target as Node)) setOpen(false, { focus: false });
});
readAll?.addEventListener('click', () => {
  void markAllNotificationsRead().catch((err) => console.error(err));
});

// ---- the socket follows the session ------------------------------------------------------------

$session.subscribe((s) => {
  if (s.status === 'signed-in') startRealtime();
  else if (s.status === 'signed-out') stopRealtime();
});
