import { sameSitePath } from '../../functions/domain/same-site';
import { $session, checkSession } from '../stores/session';
import { toast, toastAfterNavigation } from '../stores/toast';

/**
 * The sign-in page: sign in, sign up, forgot password and reset, in one form.
 */
type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'reset';
const SIGN_UP_NOT_NEW =
  'We could not create a new account with this email. If you already have one, check your inbox: we sent you a note on how to sign in or reset your password.';
const root = document.querySelector<HTMLElement>('[data-auth-root]');
const params = new URLSearchParams(location.search);
const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
const recovery = params.get('type') === 'recovery' || hash.get('type') === 'recovery';
const token = params.get('token') ?? hash.get('token');

/** Only same-site paths are followed after sign-in (no open redirect). */
function nextPath() {
  return sameSitePath(params.get('redirect') ?? '/', location.origin) ?? '/';
}

function show(mode: Mode) {
  if (!root) return;
  root.dataset.mode = mode;
  for (const panel of root.querySelectorAll<HTMLElement>('[data-panel]')) panel.hidden = panel.dataset.panel !== mode;
  for (const tab of root.querySelectorAll<HTMLElement>('[data-mode-tab]')) {
    tab.setAttribute('aria-selected', String(tab.dataset.modeTab === mode));
  }
  root.querySelector<HTMLElement>('[data-tabs]')?.toggleAttribute('hidden', mode === 'forgot' || mode === 'reset');
  root.querySelector<HTMLInputElement>(`[data-panel="${mode}"] input`)?.focus();
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; message: string; signedIn?: boolean }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.ok) {
      const data = (await res.json().catch(() => ({}))) as { token?: string | null };
      return { ok: true, message: '', signedIn: typeof data.token === 'string' };
    }
    const data = (await res.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
    return { ok: false, message: data.error?.message ?? data.message ?? `Something went wrong (${res.status}).` };
  } catch {
    return { ok: false, message: 'Could not reach the server. Check your connection and try again.' };
  }
}

function wire(mode: Mode, handler: (form: HTMLFormElement) => Promise<string | null>) {
  // A tab's panel wraps its form (a form may not take the tabpanel role); the other panels are forms.
  const panel = root?.querySelector<HTMLElement>(`[data-panel="${mode}"]`);
  const form = panel instanceof HTMLFormElement ? panel : panel?.querySelector('form');
  form?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const error = form.querySelector<HTMLElement>('[data-error]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (error) error.textContent = '';
    if (!form.checkValidity()) {
      const invalid = form.querySelector<HTMLInputElement>('input:invalid');
      if (error && invalid)
        error.textContent = `${invalid.labels?.[0]?.textContent ?? 'A field'}: ${invalid.validationMessage}`;
      invalid?.focus();
      return;
    }
    if (button) button.disabled = true;
    const message = await handler(form);
    if (button) button.disabled = false;
    if (message && error) error.textContent = message;
  });
}

const value = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;

wire('sign-in', async (form) => {
  const r = await post('/api/auth/sign-in/email', {
    email: value(form, 'email').trim(),
    password: value(form, 'password'),
  });
  if (!r.ok) return r.message;
  location.assign(nextPath());
  return null;
});

wire('sign-up', async (form) => {
  const r = await post('/api/auth/sign-up/email', {
    email: value(form, 'email').trim(),
    name: value(form, 'username').trim(),
    password: value(form, 'password'),
  });
  if (!r.ok) return r.message;
  if (!r.signedIn) {
    // No account was made: the email already has one, and its owner got a mail saying how to sign in.
    const ok = form.querySelector<HTMLElement>('[data-ok]');
    if (ok) ok.textContent = SIGN_UP_NOT_NEW;
    return null;
  }
  toastAfterNavigation('Welcome to Reelfund!', 'success');
  location.assign(nextPath());
  return null;
});

wire('forgot', async (form) => {
  const r = await post('/api/auth/request-password-reset', {
    email: value(form, 'email').trim(),
    redirectTo: `${location.origin}/auth?type=recovery`,
  });
  if (!r.ok) return r.message;
  const ok = form.querySelector<HTMLElement>('[data-ok]');
  if (ok) ok.textContent = 'If an account exists for that email, a link to reset the password is on its way.';
  return null;
});

wire('reset', async (form) => {
  if (value(form, 'password') !== value(form, 'confirm')) return 'The two passwords are not the same.';
  if (!token) return 'This reset link is not valid. Ask for a new one.';
  const r = await post('/api/auth/reset-password', { newPassword: value(form, 'password'), token });
  if (!r.ok) return r.message;
  history.replaceState(null, '', '/auth');
  show('sign-in');
  toast('Your password was changed. Sign in with the new one.', 'success');
  return null;
});

for (const tab of root?.querySelectorAll<HTMLElement>('[data-mode-tab]') ?? []) {
  tab.addEventListener('click', () => show(tab.dataset.modeTab as Mode));
}
for (const link of root?.querySelectorAll<HTMLElement>('[data-go]') ?? []) {
  link.addEventListener('click', () => show(link.dataset.go as Mode));
}

if (recovery) {
  show('reset');
  if (!token || params.get('error')) {
    show('forgot');
    const err = root?.querySelector<HTMLElement>('[data-panel="forgot"] [data-error]');
    if (err) err.textContent = 'That reset link is invalid or has expired. Ask for a new one below.';
  }
} else {
  show(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  // Already signed in: nothing to do here — unless signing out just failed; then the person stays
  // on the sign-in page with the error and can try again from the header.
  if (params.get('signout') !== 'failed') {
    void checkSession().then(() => {
      if ($session.get().status === 'signed-in') location.replace(nextPath());
    });
  }
}
