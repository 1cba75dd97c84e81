import { toastAfterNavigation } from '../stores/toast';

/**
 * A refusal that shows its toast on the next page: carried in session storage, then a replace.
 */
const el = document.querySelector<HTMLElement>('[data-redirect-to]');
if (el?.dataset.redirectTo) {
  if (el.dataset.redirectToast) toastAfterNavigation(el.dataset.redirectToast, 'error');
  location.replace(el.dataset.redirectTo);
}
