import { $toasts, dismiss, showCarriedToast } from '../stores/toast';

/**
 * The toaster: a live region fed by the toast store, on every page (with or without React).
 */
const root = document.querySelector<HTMLElement>('[data-toaster]');
$toasts.subscribe((toasts) => {
  if (!root) return;
  root.replaceChildren(
    ...toasts.map((t) => {
      const el = document.createElement('div');
      el.className = `toast toast-${t.kind}`;
      el.dataset.toast = t.kind;
      const text = document.createElement('span');
      text.textContent = t.message;
      if (t.description) {
        const more = document.createElement('small');
        more.className = 'toast-description';
        more.textContent = t.description;
        text.appendChild(document.createElement('br'));
        text.appendChild(more);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '✕';
      close.addEventListener('click', () => dismiss(t.id));
      el.appendChild(text);
      el.appendChild(close);
      return el;
    }),
  );
});
showCarriedToast();
