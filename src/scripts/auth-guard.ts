import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import { $session } from '../stores/session';

/**
 * A session that ends while a protected page is open: 'Authenticating...' while the check runs
 * without a known user, then 'Redirecting...' and /auth after 100 ms when the session is gone.
 */
const REDIRECT_DELAY_MS = 100;
const guard = document.querySelector<HTMLElement>('[data-auth-guard]');
const text = document.querySelector<HTMLElement>('[data-auth-guard-text]');
let redirecting = false;
$session.subscribe((s) => {
  if (!guard || !text || redirecting) return;
  if (s.status === 'signed-out') {
    redirecting = true;
    guard.hidden = false;
    text.textContent = CHROME_TEXT.redirecting;
    const next = `${location.pathname}${location.search}`;
    setTimeout(() => location.assign(`/auth?redirect=${encodeURIComponent(next)}`), REDIRECT_DELAY_MS);
  } else if (s.status === 'loading' && !s.me) {
    guard.hidden = false;
    text.textContent = CHROME_TEXT.authenticating;
  } else {
    guard.hidden = true;
  }
});
