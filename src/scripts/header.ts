import { CHROME_MSG } from '../../functions/domain/site/chrome-messages';
import {
  $abilities,
  $session,
  checkSession,
  type Me,
  primeSession,
  signOut,
  startSessionRefresh,
} from '../stores/session';
import { toastAfterNavigation } from '../stores/toast';

const header = document.querySelector<HTMLElement>('.site-header');

const seedEl = document.getElementById('session-seed');
primeSession(seedEl?.textContent ? (JSON.parse(seedEl.textContent) as Me) : null);

function render() {
  if (!header) return;
  const state = $session.get();
  header.dataset.session = state.status === 'loading' && state.me ? 'signed-in' : state.status;
  const me = state.me;
  const who = me ? (me.profile.username ?? me.user.email) : '';
  for (const el of header.querySelectorAll<HTMLElement>('[data-who]')) el.textContent = who;
  const avatar = header.querySelector<HTMLElement>('[data-avatar]');
  if (avatar) {
    avatar.textContent = me?.profile.avatarUrl ? '' : (who[0] ?? '?').toUpperCase();
    avatar.style.backgroundImage = me?.profile.avatarUrl ? `url("${encodeURI(me.profile.avatarUrl)}")` : '';
  }
  const can = $abilities.get();
  const allowed: Record<string, boolean> = {
    creator: can.isContributor,
    admin: can.isAdmin,
    messages: can.isContributor || can.isEditor,
  };
  for (const el of header.querySelectorAll<HTMLElement>('[data-requires]')) {
    el.hidden = !allowed[el.dataset.requires ?? ''];
  }
}

$session.subscribe(render);
$abilities.subscribe(render);

// Search: Enter or submit goes to /search?q= with the trimmed, encoded text; empty text does nothing.
header?.querySelector<HTMLFormElement>('[data-search-form]')?.addEventListener('submit', (e) => {
  e.preventDefault();
  const input = (e.currentTarget as HTMLFormElement).elements.namedItem('q') as HTMLInputElement;
  const text = input.value.trim();
  if (!text) return;
  window.location.assign(`/search?q=${encodeURIComponent(text)}`);
});

// Avatar menu: a disclosure with menu semantics; Escape and outside clicks close it.
const menuButton = header?.querySelector<HTMLButtonElement>('[data-menu-button]');
const menuList = header?.querySelector<HTMLElement>('#avatar-menu');
function setMenu(open: boolean, focusFirst = false) {
  if (!menuButton || !menuList) return;
  menuButton.setAttribute('aria-expanded', String(open));
  menuList.hidden = !open;
  if (open && focusFirst) menuList.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
}
menuButton?.addEventListener('click', () => setMenu(menuList?.hidden ?? false, true));
menuList?.addEventListener('keydown', (e) => {
  const items = [...menuList.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const i = items.indexOf(document.activeElement as HTMLElement);
  if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
  else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
  else if (e.key === 'Escape') {
    setMenu(false);
    menuButton?.focus();
  } else return;
  e.preventDefault();
});
document.addEventListener('click', (e) => {
  if (menuList && !menuList.hidden && !(e.target as Element).closest('.menu')) setMenu(false);
});

// Drawer (under 768 px).
const drawer = header?.querySelector<HTMLElement>('#site-drawer');
const backdrop = header?.querySelector<HTMLElement>('[data-drawer-backdrop]');
const drawerToggle = header?.querySelector<HTMLButtonElement>('[data-drawer-open]');
function setDrawer(open: boolean) {
  if (!drawer || !backdrop || !drawerToggle) return;
  drawer.hidden = !open;
  backdrop.hidden = !open;
  drawerToggle.setAttribute('aria-expanded', String(open));
  if (open) drawer.querySelector<HTMLElement>('[data-drawer-close]')?.focus();
  else drawerToggle.focus();
}
drawerToggle?.addEventListener('click', () => setDrawer(true));
header?.querySelector('[data-drawer-close]')?.addEventListener('click', () => setDrawer(false));
backdrop?.addEventListener('click', () => setDrawer(false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && drawer && !drawer.hidden) setDrawer(false);
});

// Sign out (global). Success: home with 'Signed out successfully'. Failure: 'Error signing out',
// local auth entries cleared anyway, then /auth.
for (const button of header?.querySelectorAll<HTMLButtonElement>('[data-sign-out]') ?? []) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const ok = await signOut();
    toastAfterNavigation(ok ? CHROME_MSG.signedOut : CHROME_MSG.signOutError, ok ? 'success' : 'error');
    window.location.assign(ok ? '/' : '/auth');
  });
}

void checkSession();
startSessionRefresh();
