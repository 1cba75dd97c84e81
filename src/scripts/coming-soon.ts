import {
  COMING_SOON_AUTHORIZED_KEY,
  COMING_SOON_SETTINGS_KEY,
  type GateStatus,
  isComingSoonExempt,
} from '../../functions/domain/site/coming-soon';
import { api, call } from '../lib/api-client';

/**
 * The browser's side of the coming-soon gate on the site's pages. The worker already decided that
 * this page may be shown; this keeps the tab in step: it refreshes the settings on load (cached in
 * session storage, `{ enabled }` only), ends the loading screen, follows a reset or unlock made in
 * another tab, and offers Reset to a browser that entered the passcode.
 */
const root = document.documentElement;
const exempt = isComingSoonExempt(location.pathname);
const access = document.querySelector<HTMLElement>('[data-coming-soon-access]');

async function fetchStatus(): Promise<GateStatus | null> {
  try {
    return (await call(api.gate.status.$get())) as GateStatus;
  } catch (err) {
    // Logged, and treated as off (the worker still decides what each request may see).
    console.error('Failed to load coming-soon settings', err);
    return null;
  }
}

async function refresh() {
  const status = await fetchStatus();
  root.removeAttribute('data-coming-soon-loading');
  if (!status) {
    if (access) access.hidden = true;
    return;
  }
  try {
    sessionStorage.setItem(COMING_SOON_SETTINGS_KEY, JSON.stringify({ enabled: status.enabled }));
  } catch {
    /* storage unavailable: the next load shows the loading screen again, nothing else */
  }
  // Access ended meanwhile (Reset in another tab, a new passcode): the worker shows Coming Soon.
  if (status.enabled && !status.authorized && !exempt) {
    location.reload();
    return;
  }
  if (access) access.hidden = !(status.enabled && status.byPasscode);
}

access?.querySelector<HTMLButtonElement>('[data-coming-soon-reset]')?.addEventListener('click', async (e) => {
  const button = e.currentTarget as HTMLButtonElement;
  button.disabled = true;
  try {
    // Only a failed network is logged, as before; any answer clears this browser's access below.
    await api.gate.reset.$post(undefined, { headers: { 'content-type': 'application/json' }, init: { body: '{}' } });
  } catch (err) {
    console.error('Coming-soon reset failed', err);
  }
  try {
    localStorage.removeItem(COMING_SOON_AUTHORIZED_KEY);
  } catch {
    /* ignore */
  }
  location.reload();
});

addEventListener('storage', (e) => {
  if (e.key === COMING_SOON_AUTHORIZED_KEY || e.key === null) void refresh();
});
addEventListener('pageshow', (e) => {
  if (e.persisted) void refresh();
});
void refresh();
