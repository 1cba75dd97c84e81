import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import { shownAvatarUrl } from '../../functions/domain/users/avatar-url';
import { $unread } from '../stores/notifications';
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
    const url = shownAvatarUrl(me?.profile.avatarUrl);
    avatar.textContent = url ? '' : (who[0] ?? '?').toUpperCase();
    avatar.style.backgroundImage = url ? `url("${encodeURI(url)}")` : '';
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
  fitNav();
}

// "More": the links that do not fit the row (from the end) move behind one visible control.
const nav = header?.querySelector<HTMLElement>('[data-nav]');
const more = header?.querySelector<HTMLElement>('[data-more]');
const moreButton = header?.querySelector<HTMLButtonElement>('[data-more-button]');
const moreList = header?.querySelector<HTMLElement>('#more-links');
function fitNav() {
  if (!nav || !more || !moreList) return;
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a')];
  for (const a of links) delete a.dataset.overflow;
  more.hidden = true;
  const shown = links.filter((a) => !a.hidden);
  if (nav.offsetWidth > 0 && nav.scrollWidth > nav.clientWidth) {
    more.hidden = false;
    for (let i = shown.length - 1; i >= 0 && nav.scrollWidth > nav.clientWidth; i--) {
      (shown[i] as HTMLAnchorElement).dataset.overflow = '';
    }
  }
  const moved = new Set(shown.filter((a) => a.dataset.overflow !== undefined).map((a) => a.getAttribute('href')));
  for (const a of moreList.querySelectorAll<HTMLElement>('[data-more-for]'))
    a.hidden = !moved.has(a.dataset.moreFor ?? '');
  if (more.hidden) setMore(false);
}
function setMore(open: boolean) {
  if (!moreButton || !moreList) return;
  moreButton.setAttribute('aria-expanded', String(open));
  moreList.hidden = !open;
}
moreButton?.addEventListener('click', () => setMore(moreList?.hidden ?? false));
moreList?.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  setMore(false);
  moreButton?.focus();
});
document.addEventListener('click', (e) => {
  if (moreList && !moreList.hidden && !(e.target as Element).closest('[data-more]')) setMore(false);
});
if (header) new ResizeObserver(() => fitNav()).observe(header);
void document.fonts?.ready.then(fitNav);

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
  if (open && focusFirst) menuItems()[0]?.focus();
}
/** The menu's items this viewer has (a creator's own payouts are hidden from everyone else). */
const menuItems = () =>
  [...(menuList?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter((el) => !el.hidden);
menuButton?.addEventListener('click', () => setMenu(menuList?.hidden ?? false, true));
menuList?.addEventListener('keydown', (e) => {
  const items = menuItems();
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

// Drawer (under 768 px): a modal dialog, so focus stays inside and Esc closes it natively.
const drawer = header?.querySelector<HTMLDialogElement>('[data-drawer]');
const drawerToggle = header?.querySelector<HTMLButtonElement>('[data-drawer-open]');
drawerToggle?.addEventListener('click', () => {
  if (!drawer) return;
  drawer.showModal();
  drawerToggle.setAttribute('aria-expanded', 'true');
  drawer.querySelector<HTMLElement>('[data-drawer-close]')?.focus();
});
// The bell is hidden on phones, so the menu button carries the unread count: the badge is filled with
// the drawer's count by src/scripts/bell.ts; its words are the button's label.
$unread.subscribe((n) => drawerToggle?.setAttribute('aria-label', n ? `Open menu, ${n} unread` : 'Open menu'));
drawer?.addEventListener('close', () => {
  drawerToggle?.setAttribute('aria-expanded', 'false');
  drawerToggle?.focus();
});
header?.querySelector('[data-drawer-close]')?.addEventListener('click', () => drawer?.close());
// A tap on the backdrop hits the dialog element itself, outside its box.
drawer?.addEventListener('click', (e) => {
  const r = drawer.getBoundingClientRect();
  const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  if (e.target === drawer && !inside) drawer.close();
});
// Tab and Shift+Tab wrap inside the open drawer rather than leave for the browser's own controls.
drawer?.addEventListener('keydown', (e) => {
  if (e.key !== 'Tab') return;
  const items = [...drawer.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) last?.focus();
  else if (!e.shiftKey && document.activeElement === last) first?.focus();
  else return;
  e.preventDefault();
});
// Growing past 768 px with the drawer open: the header shows everything, so the dialog closes.
matchMedia('(min-width: 768px)').addEventListener('change', (e) => {
  if (e.matches && drawer?.open) drawer.close();
});

// Sign out (global). Success: home with 'Signed out successfully'. Failure: 'Error signing out',
// local auth entries cleared anyway, then /auth — marked so that the sign-in page stays put (the
// server's session may still be alive, and forwarding a person who asked to leave would hide the error).
for (const button of header?.querySelectorAll<HTMLButtonElement>('[data-sign-out]') ?? []) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const ok = await signOut();
    toastAfterNavigation(ok ? CHROME_TEXT.signedOut : CHROME_TEXT.signOutError, ok ? 'success' : 'error');
    window.location.assign(ok ? '/' : '/auth?signout=failed');
  });
}

void checkSession();
startSessionRefresh();
