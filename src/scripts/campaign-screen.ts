import { daysLeft, localToday } from '../../functions/domain/campaigns/format';
import type { CampaignView } from '../../functions/services/campaigns';
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

/** The status beside the title follows the store at once; the rest of the read-out follows the server's render. */
function paintStatus(view: CampaignView | null) {
  const slot = document.querySelector<HTMLElement>('[data-status-badge]');
  if (!slot || !view) return;
  const badge = document.createElement('span');
  badge.className = `badge status-badge status-${view.displayStatus}`;
  badge.dataset.status = view.displayStatus;
  badge.textContent = view.displayLabel;
  slot.replaceChildren(badge);
}

/**
 * The islands load on the person's first intent (src/scripts/client-intent.ts); these load them all:
 * a new view in the store (they follow it) or a control outside them that needs one (a Remove button's
 * confirmation is the team island's dialog).
 */
const loadIslands = () => document.dispatchEvent(new Event('reelfund:islands'));

function onIntent(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[data-action="remove-member"]')) loadIslands();
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
    loadIslands();
  }
}

const root = screen();
if (root) {
  paint(root);
  document.addEventListener('click', onClick);
  for (const name of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(name, onIntent, { passive: true });
  watchFreshness(() => screen()?.dataset.campaignId);
  let seen = $campaign.get().revision;
  $campaign.listen((state) => {
    if (state.status === 'gone') showGone();
    else if (state.revision !== seen) {
      seen = state.revision;
      paintStatus(state.view);
      loadIslands();
      refreshParts();
    }
  });
}
