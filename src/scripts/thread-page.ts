import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import type { MessageView, Thread } from '../../functions/services/messages';
import { ApiError, api, call } from '../lib/api-client';
import { add } from '../lib/dom';
import { fullDate, timeElement } from '../lib/time';
import { onRealtime, refreshSummary } from '../stores/notifications';

/** /messages/{userId}: the thread, earlier pages with before=, live catch-up with after=, compose. */
const root = document.querySelector<HTMLElement>('[data-thread]');
const otherId = root?.dataset.other ?? '';
const me = root?.dataset.me ?? '';
const title = root?.querySelector<HTMLElement>('[data-thread-title]');
const status = root?.querySelector<HTMLElement>('[data-status]');
const list = root?.querySelector<HTMLElement>('[data-messages]');
const empty = root?.querySelector<HTMLElement>('[data-empty]');
const notFound = root?.querySelector<HTMLElement>('[data-not-found]');
const earlier = root?.querySelector<HTMLButtonElement>('[data-earlier]');
const form = root?.querySelector<HTMLFormElement>('[data-compose]');
const cannotWrite = root?.querySelector<HTMLElement>('[data-cannot-write]');
const messageBox = root?.querySelector<HTMLTextAreaElement>('[data-compose-message]');
const subjectBox = form?.querySelector<HTMLInputElement>('[name="subject"]');
const error = root?.querySelector<HTMLElement>('[data-compose-error]');
const send = root?.querySelector<HTMLButtonElement>('[data-send]');
const live = root?.querySelector<HTMLElement>('[data-thread-live]');

const thread = api.messages[':userId'];
const param = { userId: otherId };
let items: MessageView[] = [];
let olderExist = false;
let otherName: string = CHROME_TEXT.unknownUser;
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
};

function bubble(m: MessageView): HTMLLIElement {
  const mine = m.senderId === me;
  const li = document.createElement('li');
  li.className = 'th-msg';
  li.dataset.message = m.id;
  if (mine) li.dataset.mine = '';
  if (!mine && !m.isRead) li.dataset.new = '';
  const who = document.createElement('span');
  who.className = 'sr-only';
  who.textContent = `${mine ? 'You' : otherName}: `;
  add(li, who);
  if (m.subject) {
    const s = document.createElement('p');
    s.className = 'th-msg-subject';
    s.textContent = m.subject;
    add(li, s);
  }
  const body = document.createElement('p');
  body.className = 'th-msg-body';
  body.textContent = m.message;
  const meta = document.createElement('div');
  meta.className = 'th-msg-meta';
  const time = timeElement(m.createdAt);
  time.title = fullDate(m.createdAt);
  add(meta, mine ? 'You · ' : `${otherName} · `, time);
  add(li, body, meta);
  return li;
}

function render() {
  list?.replaceChildren(...items.map(bubble));
  if (empty) empty.hidden = items.length > 0;
  if (earlier) earlier.hidden = !olderExist;
  if (status) status.textContent = '';
}

function merge(incoming: MessageView[]) {
  const byId = new Map(items.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  items = [...byId.values()].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

function applyThread(t: Thread) {
  otherName = t.other.username ?? CHROME_TEXT.unknownUser;
  if (title) title.textContent = otherName;
  document.title = `${otherName} · Messages · Reelfund`;
  if (form) form.hidden = !t.canWrite;
  if (cannotWrite) cannotWrite.hidden = t.canWrite;
}

/** Marks what this screen shows read; the bell's count drops (other tabs hear it through the channel). */
async function markShownRead() {
  const last = items.at(-1);
  try {
    await call(thread['read-all'].$post({ param, json: last ? { through: last.cursor } : {} }));
  } catch (err) {
    console.error('marking the conversation read failed', err);
  }
  void refreshSummary();
}

async function loadFirst() {
  const t: Thread = await call(thread.$get({ param, query: {} }));
  applyThread(t);
  items = t.items;
  olderExist = t.hasMore;
  render();
  await markShownRead();
  const lastSubject = [...items].reverse().find((m) => m.senderId !== me && m.subject)?.subject;
  if (subjectBox && !subjectBox.value && lastSubject) {
    subjectBox.value = /^re:/i.test(lastSubject) ? lastSubject : `Re: ${lastSubject}`;
  }
  if (root?.dataset.focusCompose === 'true' && form && !form.hidden) {
    form.scrollIntoView({ block: 'center' });
    messageBox?.focus();
  } else {
    list?.lastElementChild?.scrollIntoView({ block: 'end' });
  }
}

async function loadEarlier() {
  const first = items[0];
  if (!first) return;
  const t: Thread = await call(thread.$get({ param, query: { before: first.cursor } }));
  merge(t.items);
  olderExist = t.hasMore;
  render();
}

/** Exactly what was written in this conversation after the last message shown. */
async function catchUp() {
  const last = items.at(-1);
  if (!last) return loadFirst();
  let cursor = last.cursor;
  const known = new Set(items.map((m) => m.id));
  let received = false;
  for (;;) {
    const t: Thread = await call(thread.$get({ param, query: { after: cursor, limit: '100' } }));
    applyThread(t);
    merge(t.items);
    const arrived = t.items.filter((m) => !known.has(m.id) && m.senderId !== me);
    if (live && arrived.length) live.textContent = arrived.map((m) => `${otherName}: ${m.message}`).join('. ');
    received ||= arrived.length > 0;
    const newest = t.items.at(-1);
    if (!t.hasMore || !newest) break;
    cursor = newest.cursor;
  }
  render();
  list?.lastElementChild?.scrollIntoView({ block: 'end' });
  // What arrived while the thread is open is read on arrival, as it is shown.
  if (received) await markShownRead();
}

earlier?.addEventListener('click', () => {
  earlier.disabled = true;
  serial(loadEarlier)
    .catch(() => {
      if (status) status.textContent = CHROME_TEXT.failedToLoad;
    })
    .finally(() => {
      earlier.disabled = false;
    });
});

form?.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!messageBox || !send || !error) return;
  const message = messageBox.value.trim();
  if (!message) {
    error.textContent = 'Write a message';
    messageBox.focus();
    return;
  }
  send.disabled = true;
  error.textContent = '';
  try {
    const { message: sent } = await call(
      thread.$post({ param, json: { subject: subjectBox?.value.trim() ?? '', message } }),
    );
    await serial(async () => {
      merge([sent]);
      render();
    });
    messageBox.value = '';
    list?.lastElementChild?.scrollIntoView({ block: 'end' });
  } catch (err) {
    error.textContent =
      err instanceof ApiError && err.status !== 0 ? err.message : 'The message could not be sent. Please try again.';
  } finally {
    send.disabled = false;
  }
});

onRealtime((e) => {
  const inThread =
    e.kind === 'message' &&
    ((e.senderId === otherId && e.recipientId === me) || (e.senderId === me && e.recipientId === otherId));
  if (inThread || e.kind === 'resync') serial(catchUp).catch((err) => console.error(err));
});

serial(loadFirst).catch((err) => {
  if (err instanceof ApiError && err.status === 404) {
    if (notFound) notFound.hidden = false;
    if (status) status.textContent = '';
    if (title) title.textContent = 'Messages';
    return;
  }
  if (status) status.textContent = CHROME_TEXT.failedToLoad;
});
