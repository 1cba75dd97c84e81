import type { UserMatch } from '../../functions/services/users';
import { api, call } from '../lib/api-client';
import { add } from '../lib/dom';

/**
 * /messages "New message": find someone by username (GET /api/users/search), pick them, and the
 * thread opens ready to write (/messages/{id}?newMessage=true). Only present for those who may start one.
 */
const toggle = document.querySelector<HTMLButtonElement>('[data-new-message-toggle]');
const panel = document.querySelector<HTMLElement>('[data-new-message]');
const input = panel?.querySelector<HTMLInputElement>('[data-recipient-search]');
const status = panel?.querySelector<HTMLElement>('[data-recipient-status]');
const results = panel?.querySelector<HTMLElement>('[data-recipients]');

const SEARCH_DELAY_MS = 250;
let timer: ReturnType<typeof setTimeout> | undefined;
let asked = 0;

function setOpen(open: boolean) {
  if (!panel || !toggle) return;
  panel.hidden = !open;
  toggle.setAttribute('aria-expanded', String(open));
  if (open) input?.focus();
  else toggle.focus();
}

function person(u: UserMatch): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.className = 'nm-user';
  a.href = `/messages/${encodeURIComponent(u.id)}?newMessage=true`;
  a.dataset.recipient = u.username;
  const avatar = document.createElement('span');
  avatar.className = 'user-avatar cv-avatar';
  avatar.setAttribute('aria-hidden', 'true');
  if (u.avatarUrl) {
    const img = document.createElement('img');
    img.src = u.avatarUrl;
    img.alt = '';
    img.referrerPolicy = 'no-referrer';
    add(avatar, img);
  } else {
    avatar.textContent = (u.username[0] ?? '?').toUpperCase();
  }
  const name = document.createElement('span');
  name.textContent = u.username;
  add(a, avatar, name);
  add(li, a);
  return li;
}

async function search(text: string) {
  const mine = ++asked;
  if (!text) {
    results?.replaceChildren();
    if (status) status.textContent = '';
    return;
  }
  try {
    const { users } = await call(api.users.search.$get({ query: { q: text } }));
    if (mine !== asked) return; // a newer search is under way
    results?.replaceChildren(...users.map(person));
    if (status) {
      status.textContent = users.length
        ? `${users.length} ${users.length === 1 ? 'person' : 'people'} found`
        : 'No one found with that username';
    }
  } catch (err) {
    if (mine !== asked) return;
    console.error('user search failed', err);
    if (status) status.textContent = 'The search failed. Please try again.';
  }
}

const links = () => [...(results?.querySelectorAll<HTMLAnchorElement>('a.nm-user') ?? [])];

toggle?.addEventListener('click', () => setOpen(Boolean(panel?.hidden)));

input?.addEventListener('input', () => {
  clearTimeout(timer);
  const text = input.value.trim();
  timer = setTimeout(() => void search(text), text ? SEARCH_DELAY_MS : 0);
});

// Keyboard: Enter picks the first match, arrows move through the matches, Escape closes.
panel?.addEventListener('keydown', (e) => {
  const list = links();
  const at = list.indexOf(document.activeElement as HTMLAnchorElement);
  if (e.key === 'Escape') {
    e.preventDefault();
    setOpen(false);
  } else if (e.key === 'Enter' && e.target === input && list[0]) {
    e.preventDefault();
    list[0].click();
  } else if (e.key === 'ArrowDown' && list.length) {
    e.preventDefault();
    list[Math.min(at + 1, list.length - 1)]?.focus();
  } else if (e.key === 'ArrowUp' && at >= 0) {
    e.preventDefault();
    if (at === 0) input?.focus();
    else list[at - 1]?.focus();
  }
});
