import { COIN_ANALYTICS_TEXT } from '../../functions/domain/coins/analytics-texts';
import { sniffImage } from '../../functions/domain/films/media-sniff';
import { AVATAR_MAX_BYTES, AVATAR_TEXT, shownAvatarUrl } from '../../functions/domain/users/avatar';
import { api, call, errorOf, messageOf, NETWORK_ERROR } from '../lib/api-client';
import { checkSession } from '../stores/session';
import { toast } from '../stores/toast';

/**
 * The account page: the profile form (username, avatar with its preview), the password form and the
 * coin holder's naming choice.
 */

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
  type Profile = { username: string; avatarUrl: string | null };
  const changeAvatar = async (send: () => Promise<{ profile: Profile }>, done: string) => {
    showAvatarError(null);
    if (avatarInput) avatarInput.disabled = true;
    if (removeButton) removeButton.disabled = true;
    try {
      const { profile } = await send();
      renderPreview(profile.avatarUrl, profile.username);
      if (removeButton) removeButton.hidden = !profile.avatarUrl;
      toast(done, 'success');
      void checkSession();
    } catch (err) {
      showAvatarError(messageOf(err));
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
      () =>
        call(
          api.account.avatar.$put(undefined, {
            headers: { 'content-type': file.type || 'application/octet-stream' },
            init: { body: file },
          }),
        ),
      AVATAR_TEXT.avatarUpdated,
    );
  });
  removeButton?.addEventListener('click', () =>
    changeAvatar(() => call(api.account.avatar.$delete()), AVATAR_TEXT.avatarRemoved),
  );

  handle(profileForm, async () => {
    const username = usernameInput.value.trim();
    let profile: Profile;
    try {
      ({ profile } = await call(api.account.profile.$patch({ json: { username } })));
    } catch (err) {
      return messageOf(err);
    }
    usernameInput.value = profile.username;
    renderPreview(profile.avatarUrl, profile.username);
    toast('Profile updated', 'success');
    // The header shows the new name at once.
    void checkSession();
    return null;
  });
}

// The choice to be named on coin analytics (docs/coins.md, "Coin analytics"): saved on its own.
const coinNameForm = document.querySelector<HTMLFormElement>('[data-coin-name-form]');
if (coinNameForm) {
  const choice = coinNameForm.querySelector<HTMLInputElement>('[data-coin-name-choice]');
  handle(coinNameForm, async () => {
    try {
      await call(api.account.profile.$patch({ json: { showCoinHolderName: Boolean(choice?.checked) } }));
    } catch (err) {
      return messageOf(err);
    }
    toast(COIN_ANALYTICS_TEXT.coinHolderNameSaved, 'success');
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
    // better-auth's endpoint: /api/auth/* has no typed routes for the client (docs/architecture.md).
    const res = await fetch('/api/auth/change-password', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ currentPassword, newPassword, revokeOtherSessions: true }),
    });
    if (!res.ok) return (await errorOf(res)).message;
    passwordForm.reset();
    toast('Password changed', 'success');
    return null;
  });
}
