import { MARKETPLACE_TEXT } from '../../functions/domain/marketplace/texts';
import { api, call, messageOf } from '../lib/api-client';
import { toast, toastAfterNavigation } from '../stores/toast';

/**
 * /marketplace (docs/marketplace.md): posts a listing, or — after Edit on one of "Mine" — saves it;
 * closes and reopens the person's own listings. The page is rendered by the server; each change
 * reloads it so the lists show what the server holds.
 */
const form = document.querySelector<HTMLFormElement>('[data-listing-form]');
const error = document.querySelector<HTMLElement>('[data-listing-error]');
const heading = document.querySelector<HTMLElement>('[data-listing-form-heading]');
const submit = document.querySelector<HTMLButtonElement>('[data-listing-submit]');
const cancel = document.querySelector<HTMLButtonElement>('[data-listing-cancel]');

for (const f of document.querySelectorAll<HTMLFieldSetElement>('[data-ready-when-hydrated]')) f.disabled = false;

const field = <T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(name: string) =>
  form?.elements.namedItem(name) as T | null;

function setEditing(card: HTMLElement | null) {
  if (!form) return;
  const id = field<HTMLInputElement>('id');
  if (id) id.value = card?.dataset.listing ?? '';
  if (heading) heading.textContent = card ? 'Edit your listing' : 'Post a listing';
  if (submit) submit.textContent = card ? 'Save listing' : 'Post listing';
  cancel?.toggleAttribute('hidden', !card);
  if (!card) {
    form.reset();
    return;
  }
  const set = (name: string, value: string) => {
    const el = field(name);
    if (el) el.value = value;
  };
  set('kind', card.dataset.kind ?? 'offering');
  set('role', card.dataset.role ?? 'other');
  set('pay', card.dataset.pay ?? 'paid');
  set('title', card.querySelector('[data-listing-title]')?.textContent?.trim() ?? '');
  set('description', card.dataset.description ?? '');
  set('location', card.dataset.location ?? '');
  set('campaignId', card.dataset.campaign ?? '');
  field('title')?.focus();
}

form?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const body = {
    kind: text('kind') as 'offering' | 'seeking',
    role: text('role') as 'other',
    pay: text('pay') as 'paid',
    title: text('title'),
    description: text('description'),
    location: text('location') || null,
    campaignId: text('campaignId') || null,
  };
  const id = text('id');
  if (error) error.textContent = '';
  if (submit) submit.disabled = true;
  try {
    if (id) await call(api.marketplace[':id'].$patch({ param: { id }, json: body }));
    else await call(api.marketplace.index.$post({ json: body }));
    toastAfterNavigation(id ? MARKETPLACE_TEXT.listingSaved : MARKETPLACE_TEXT.listingPosted, 'success');
    location.reload();
  } catch (err) {
    if (error) error.textContent = messageOf(err);
    if (submit) submit.disabled = false;
  }
});

cancel?.addEventListener('click', () => setEditing(null));

document.addEventListener('click', async (e) => {
  const target = e.target as HTMLElement;
  const card = target.closest<HTMLElement>('[data-listing]');
  const id = card?.dataset.listing;
  if (!card || !id) return;
  if (target.closest('[data-listing-edit]')) {
    setEditing(card);
    document.querySelector('[data-listing-form-section]')?.scrollIntoView();
    return;
  }
  const closing = target.closest<HTMLButtonElement>('[data-listing-close]');
  const reopening = target.closest<HTMLButtonElement>('[data-listing-reopen]');
  const button = closing ?? reopening;
  if (!button) return;
  button.disabled = true;
  try {
    if (closing) await call(api.marketplace[':id'].close.$post({ param: { id } }));
    else await call(api.marketplace[':id'].reopen.$post({ param: { id } }));
    location.reload();
  } catch (err) {
    toast(messageOf(err), 'error');
    button.disabled = false;
  }
});
