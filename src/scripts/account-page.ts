import { checkSession } from '../stores/session';
import { toast } from '../stores/toast';

/**
 * The account page: the profile form (username, avatar with its preview) and the password form.
 */
const NETWORK_ERROR = "Couldn't reach Reelfund. Check your connection and try again.";

/** The message of an error answer: ours is { error: { message } }, better-auth's is { message }. */
async function errorMessage(res: Response): Promise<string> {
  const fallback = 'Something went wrong. Please try again.';
  try {
    const body = (await res.json()) as { error?: { message?: string }; message?: string };
    return body.error?.message || body.message || fallback;
  } catch {
    return fallback;
  }
}

/** Runs one submission: the button is busy meanwhile; a returned string is shown as the error. */
function handle(form: HTMLFormElement, submit: () => Promise<string | null>) {
  const error = form.querySelector<HTMLElement>('[data-form-error]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const showError = (message: string | null) => {
    if (!error) return;
    error.textContent = message ?? '';
    error.hidden = !message;
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (button?.disabled) return;
    showError(null);
    if (button) button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    try {
      showError(await submit());
    } catch {
      showError(NETWORK_ERROR);
    } finally {
      if (button) button.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  credentials: 'same-origin',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify(body),
});

const profileForm = document.querySelector<HTMLFormElement>('[data-profile-form]');
const preview = document.querySelector<HTMLElement>('[data-avatar-preview]');

function renderPreview(url: string, name: string) {
  if (!preview) return;
  const initial = name.charAt(0).toUpperCase() || preview.dataset.initial || '?';
  if (/^https?:\/\/\S+$/i.test(url)) {
    const img = document.createElement('img');
    img.src = url;
    img.alt = '';
    img.referrerPolicy = 'no-referrer';
    img.addEventListener('error', () => preview.replaceChildren(initial));
    preview.replaceChildren(img);
  } else {
    preview.replaceChildren(initial);
  }
}

if (profileForm) {
  const usernameInput = profileForm.elements.namedItem('username') as HTMLInputElement;
  const avatarInput = profileForm.elements.namedItem('avatarUrl') as HTMLInputElement;
  avatarInput.addEventListener('change', () => renderPreview(avatarInput.value.trim(), usernameInput.value.trim()));

  handle(profileForm, async () => {
    const username = usernameInput.value.trim();
    const avatarUrl = avatarInput.value.trim();
    const res = await fetch('/api/account/profile', jsonInit('PATCH', { username, avatarUrl }));
    if (!res.ok) return errorMessage(res);
    const { profile } = (await res.json()) as { profile: { username: string; avatarUrl: string | null } };
    usernameInput.value = profile.username;
    avatarInput.value = profile.avatarUrl ?? '';
    renderPreview(avatarInput.value, profile.username);
    toast('Profile updated', 'success');
    // The header shows the new name and avatar at once.
    void checkSession();
    return null;
  });
}

const passwordForm = document.querySelector<HTMLFormElement>('[data-password-form]');
if (passwordForm) {
  const field = (name: string) => passwordForm.elements.namedItem(name) as HTMLInputElement;
  handle(passwordForm, async () => {
    const currentPassword = field('currentPassword').value;
    const newPassword = field('newPassword').value;
    if (!currentPassword || !newPassword) return 'Enter your current password and a new one.';
    if (newPassword !== field('confirmPassword').value) return "The new passwords don't match.";
    const res = await fetch(
      '/api/auth/change-password',
      jsonInit('POST', { currentPassword, newPassword, revokeOtherSessions: true }),
    );
    if (!res.ok) return errorMessage(res);
    passwordForm.reset();
    toast('Password changed', 'success');
    return null;
  });
}
