import { daysLeft, localToday } from '../../functions/domain/campaigns/format';
import { $campaign, $removingMember, watchFreshness } from '../stores/campaign';

/**
 * The campaign screens' browser code that is not an island. The screens are server-rendered; the
 * islands (actions, forms, dialogs) share the campaign store. When an action's answer or a refresh
 * puts a new view in the store, the server renders the page again and each read-out part
 * ([data-live]) takes its fresh markup; the islands stay as they are, so nothing they hold is lost.
 */

const screen = () => document.querySelector<HTMLElement>('[data-campaign-screen]');

/** Bars get their width here: the page's CSP allows no style attributes in the markup. */
function paint(scope: HTMLElement) {
  for (const bar of scope.querySelectorAll<HTMLElement>('[data-bar]')) bar.style.width = `${bar.dataset.bar}%`;
  // Days left counts from the viewer's today, not the server's.
  for (const el of scope.querySelectorAll<HTMLElement>('[data-days-left][data-end-date]')) {
    el.textContent = String(daysLeft(el.dataset.endDate ?? '', localToday()));
  }
}

const topLevelParts = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('[data-live]')].filter((p) => !p.parentElement?.closest('[data-live]'));

async function renderAgain(): Promise<void> {
  const current = screen();
  if (!current) return;
  const res = await fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const fresh = doc.querySelector<HTMLElement>('[data-campaign-screen]');
  if (!res.ok || !fresh) {
    // The server shows something else now (a refusal, a not-found state): let it say so.
    window.location.reload();
    return;
  }
  for (const name of ['data-mode', 'data-campaign-id']) {
    const value = fresh.getAttribute(name);
    if (value === null) current.removeAttribute(name);
    else current.setAttribute(name, value);
  }
  for (const part of topLevelParts(current)) {
    const next = fresh.querySelector<HTMLElement>(`[data-live="${part.dataset.live}"]`);
    if (!next) continue;
    part.replaceChildren();
    for (const node of [...next.childNodes]) part.appendChild(document.importNode(node, true));
  }
  paint(current);
}

// One render at a time; a change during one asks for one more after it, so the last change wins.
let rendering: Promise<void> | null = null;
let again = false;
function refreshParts() {
  if (rendering) {
    again = true;
    return;
  }
  rendering = (async () => {
    do {
      again = false;
      await renderAgain().catch((err) => console.error('campaign screen refresh failed', err));
    } while (again);
  })().finally(() => {
    rendering = null;
  });
}

function showGone() {
  const template = document.querySelector<HTMLTemplateElement>('template[data-campaign-gone]');
  const current = screen();
  if (template && current) current.replaceWith(template.content.cloneNode(true));
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const step = target?.closest<HTMLElement>('[data-step-scroll], [data-step-href]');
  if (step?.dataset.stepHref) window.location.assign(step.dataset.stepHref);
  else if (step?.dataset.stepScroll) {
    document.getElementById(step.dataset.stepScroll)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
  const remove = target?.closest<HTMLElement>('[data-action="remove-member"]');
  if (remove?.dataset.memberId) {
    $removingMember.set({ id: remove.dataset.memberId, name: remove.dataset.memberName ?? '' });
  }
}

const root = screen();
if (root) {
  paint(root);
  document.addEventListener('click', onClick);
  watchFreshness(() => screen()?.dataset.campaignId);
  let seen = $campaign.get().revision;
  $campaign.listen((state) => {
    if (state.status === 'gone') showGone();
    else if (state.revision !== seen) {
      seen = state.revision;
      refreshParts();
    }
  });
}
