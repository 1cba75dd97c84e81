import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import type { Conversation } from '../../functions/services/messages';
import { api, call } from '../lib/api-client';
import { add } from '../lib/dom';
import { timeElement } from '../lib/time';
import { onRealtime } from '../stores/notifications';

/** /messages: the conversation list, re-read whenever a message arrives or is read (in any tab). */
const list = document.querySelector<HTMLElement>('[data-conversations]');
const status = document.querySelector<HTMLElement>('[data-status]');
const empty = document.querySelector<HTMLElement>('[data-empty]');

function row(c: Conversation): HTMLLIElement {
  const name = c.otherUsername ?? CHROME_TEXT.unknownUser;
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.className = 'cv-item';
  a.href = `/messages/${encodeURIComponent(c.otherId)}`;
  a.dataset.conversation = c.otherId;
  if (c.unread) a.dataset.unread = '';
  const avatar = document.createElement('span');
  avatar.className = 'user-avatar cv-avatar';
  avatar.setAttribute('aria-hidden', 'true');
  avatar.textContent = (name[0] ?? '?').toUpperCase();
  const who = document.createElement('span');
  who.className = 'cv-name';
  who.textContent = name;
  const side = document.createElement('span');
  side.className = 'cv-side';
  add(side, timeElement(c.lastMessage.createdAt));
  if (c.unread) {
    const count = document.createElement('span');
    count.className = 'badge cv-count';
    count.textContent = String(c.unread);
    count.setAttribute('aria-label', `${c.unread} unread`);
    add(side, count);
  }
  const preview = document.createElement('span');
  preview.className = 'cv-preview';
  const text = c.lastMessage.subject ? `${c.lastMessage.subject} — ${c.lastMessage.preview}` : c.lastMessage.preview;
  preview.textContent = c.lastMessage.fromMe ? `You: ${text}` : text;
  add(a, avatar, who, side, preview);
  add(li, a);
  return li;
}

let loading: Promise<void> | null = null;
let again = false;

async function load() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    do {
      again = false;
      const { conversations } = await call(api.messages.index.$get());
      list?.replaceChildren(...conversations.map(row));
      if (empty) empty.hidden = conversations.length > 0;
      if (status) status.textContent = '';
    } while (again);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

onRealtime((e) => {
  if (e.kind === 'message' || e.kind === 'resync' || (e.kind === 'read' && e.scope === 'messages')) {
    load().catch((err) => console.error(err));
  }
});

load().catch(() => {
  if (status) status.textContent = CHROME_TEXT.failedToLoad;
});
