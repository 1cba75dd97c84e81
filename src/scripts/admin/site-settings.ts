import { CHROME_TEXT } from '../../../functions/domain/site/chrome-texts';
import { COMING_SOON_SETTINGS_KEY } from '../../../functions/domain/site/coming-soon';
import { toast } from '../../stores/toast';

/**
 * The admin's site settings tab: the coming-soon gate and its passcode.
 */
interface SiteSettings {
  comingSoonEnabled: boolean;
  passcodeSet: boolean;
}

const form = document.querySelector<HTMLFormElement>('[data-site-settings-form]');
const enabled = form?.querySelector<HTMLInputElement>('[data-site-settings-enabled]');
const passcode = form?.querySelector<HTMLInputElement>('#site-settings-passcode');
const save = form?.querySelector<HTMLButtonElement>('[data-site-settings-save]');
const state = form?.querySelector<HTMLElement>('[data-site-settings-passcode-state]');
const error = form?.querySelector<HTMLElement>('[data-site-settings-error]');

function show(s: SiteSettings) {
  if (!form || !enabled || !passcode || !save || !state) return;
  enabled.checked = s.comingSoonEnabled;
  state.textContent = s.passcodeSet
    ? 'A passcode is set. Leave this empty to keep it.'
    : 'No passcode yet: set one before switching the page on.';
  for (const el of [enabled, passcode, save]) el.disabled = false;
  form.removeAttribute('aria-busy');
}

async function load() {
  try {
    const res = await fetch('/api/admin/site-settings', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`GET /api/admin/site-settings answered ${res.status}`);
    show(((await res.json()) as { settings: SiteSettings }).settings);
  } catch (err) {
    console.error(err);
    toast(CHROME_TEXT.failedToLoad, 'error');
  }
}

form?.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!enabled || !passcode || !save || !error) return;
  error.hidden = true;
  save.disabled = true;
  const body = { comingSoonEnabled: enabled.checked, ...(passcode.value ? { passcode: passcode.value } : {}) };
  try {
    const res = await fetch('/api/admin/site-settings', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await res.json()) as { settings?: SiteSettings; error?: { message: string } };
    if (!res.ok || !data.settings) throw new Error(data.error?.message ?? 'Could not save the settings');
    passcode.value = '';
    show(data.settings);
    sessionStorage.setItem(COMING_SOON_SETTINGS_KEY, JSON.stringify({ enabled: data.settings.comingSoonEnabled }));
    toast('Site settings saved', 'success');
  } catch (err) {
    error.textContent = err instanceof Error ? err.message : String(err);
    error.hidden = false;
  } finally {
    save.disabled = false;
  }
});

void load();
