import { api, call, messageOf } from '../lib/api-client';
import { $session } from '../stores/session';
import { toast } from '../stores/toast';

/**
 * Every Follow control on the page ([data-follow="<campaign id>"], src/components/campaigns/FollowButton.astro):
 * PUT or DELETE /api/me/follows/<id>, each control of the same campaign shown alike. A control whose
 * state the page did not know (a cached card) is filled from GET /api/me/follows once signed in. A
 * signed-out visitor is sent to sign in and brought back. src/scripts/on-demand.ts wires the
 * controls and loads this module on the first press, or at once where a state is unknown.
 */
const controls = (id?: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('[data-follow]')].filter((b) => !id || b.dataset.follow === id);

function show(button: HTMLButtonElement, on: boolean) {
  // The texts come with the control (FollowButton.astro), so this script carries none of its own.
  const text = (on ? button.dataset.onText : button.dataset.offText) ?? '';
  button.dataset.following = String(on);
  button.textContent = text;
  if (button.dataset.title) button.setAttribute('aria-label', `${text}: ${button.dataset.title}`);
}

let loaded = false;
async function fillUnknown() {
  const unknown = controls().filter((b) => b.dataset.following === undefined);
  if (loaded || unknown.length === 0) return;
  loaded = true;
  const answer = await call(api.me.follows.$get()).catch(() => null);
  const ids = new Set((answer?.campaigns ?? []).map((c) => c.campaignId));
  for (const b of unknown) show(b, ids.has(b.dataset.follow ?? ''));
}

function signIn() {
  const back = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/auth?redirect=${encodeURIComponent(back)}`);
}

/** One press of a control (src/scripts/on-demand.ts loads this module on the press). */
export async function toggle(button: HTMLButtonElement, id: string) {
  if ($session.get().status === 'signed-out') return signIn();
  const on = button.dataset.following === 'true';
  const same = controls(id);
  for (const b of same) b.disabled = true;
  try {
    const param = { param: { campaignId: id } };
    await (on ? call(api.me.follows[':campaignId'].$delete(param)) : call(api.me.follows[':campaignId'].$put(param)));
    for (const b of same) show(b, !on);
  } catch (err) {
    if ((err as { status?: number }).status === 401) return signIn();
    toast(messageOf(err), 'error');
  } finally {
    for (const b of same) b.disabled = false;
  }
}

/** Signed in: the controls whose state the page did not know are filled, once. */
export function fillWhenSignedIn() {
  $session.subscribe((state) => {
    if (state.status === 'signed-in') void fillUnknown();
  });
}
