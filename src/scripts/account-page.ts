import { sniffImage } from '../../functions/domain/films/media-sniff';
import { AVATAR_MAX_BYTES, AVATAR_TEXT, shownAvatarUrl } from '../../functions/domain/users/avatar';
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

function renderPreview(url: string | null, name: string) {
  if (!preview) return;
  const initial = name.charAt(0).toUpperCase() || preview.dataset.initial || '?';
  const shown = shownAvatarUrl(url);
  if (shown) {
    const img = document.createElement('img');
    img.src = shown;
    img.alt = '';
    img.referrerPolicy = 'no-referrer';
    img.addEventListener('error', () => preview.replaceChildren(initial));
    preview.replaceChildren(img);
  } else {
    preview.replaceChildren(initial);
  }
}

/** What the server would refuse, said before anything is sent (the server checks again). */
async function avatarProblem(file: File): Promise<string | null> {
  if (file.size === 0) return AVATAR_TEXT.avatarEmpty;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TEXT.avatarTooLarge(AVATAR_MAX_BYTES);
  return sniffImage(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer())) ? null : AVATAR_TEXT.avatarNotAnImage;
}

if (profileForm) {
  const usernameInput = profileForm.elements.namedItem('username') as HTMLInputElement;
  const avatarInput = profileForm.querySelector<HTMLInputElement>('[data-avatar-input]');
  const avatarError = profileForm.querySelector<HTMLElement>('[data-avatar-error]');
  const removeButton = profileForm.querySelector<HTMLButtonElement>('[data-avatar-remove]');
  const showAvatarError = (message: string | null) => {
    if (!avatarError) return;
    avatarError.textContent = message ?? '';
    avatarError.hidden = !message;
  };

  /** Sends the avatar change; on success the preview, the remove button and the header follow. */
  const changeAvatar = async (init: RequestInit, done: string) => {
    showAvatarError(null);
    if (avatarInput) avatarInput.disabled = true;
    if (removeButton) removeButton.disabled = true;
    try {
      const res = await fetch('/api/account/avatar', { credentials: 'same-origin', ...init });
      if (!res.ok) return showAvatarError(await errorMessage(res));
      const { profile } = (await res.json()) as { profile: { username: string; avatarUrl: string | null } };
      renderPreview(profile.avatarUrl, profile.username);
      if (removeButton) removeButton.hidden = !profile.avatarUrl;
      toast(done, 'success');
      void checkSession();
    } catch {
      showAvatarError(NETWORK_ERROR);
    } finally {
      if (avatarInput) {
        avatarInput.disabled = false;
        avatarInput.value = '';
      }
      if (removeButton) removeButton.disabled = false;
    }
  };

  avatarInput?.addEventListener('change', async () => {
    const file = avatarInput.files?.[0];
    if (!file) return;
    const problem = await avatarProblem(file);
    if (problem) {
      avatarInput.value = '';
      return showAvatarError(problem);
    }
    await changeAvatar(
      {
        method: 'PUT',
        headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
        body: file,
      },
      AVATAR_TEXT.avatarUpdated,
    );
  });
  removeButton?.addEventListener('click', () =>
    changeAvatar({ method: 'DELETE', headers: { accept: 'application/json' } }, AVATAR_TEXT.avatarRemoved),
  );

  handle(profileForm, async () => {
    const username = usernameInput.value.trim();
    const res = await fetch('/api/account/profile', jsonInit('PATCH', { username }));
    if (!res.ok) return errorMessage(res);
    const { profile } = (await res.json()) as { profile: { username: string; avatarUrl: string | null } };
    usernameInput.value = profile.username;
    renderPreview(profile.avatarUrl, profile.username);
    toast('Profile updated', 'success');
    // The header shows the new name at once.
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
