import { CHROME_TEXT } from '../../../functions/domain/site/chrome-texts';
import { COMING_SOON_SETTINGS_KEY } from '../../../functions/domain/site/coming-soon';
import { api, call, messageOr } from '../../lib/api-client';
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
    show((await call(api.admin['site-settings'].$get())).settings);
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
    const data = await call(api.admin['site-settings'].$put({ json: body }));
    passcode.value = '';
    show(data.settings);
    sessionStorage.setItem(COMING_SOON_SETTINGS_KEY, JSON.stringify({ enabled: data.settings.comingSoonEnabled }));
    toast('Site settings saved', 'success');
  } catch (err) {
    error.textContent = messageOr(err, 'Could not save the settings');
    error.hidden = false;
  } finally {
    save.disabled = false;
  }
});

void load();
