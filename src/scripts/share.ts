import { SHARE_TEXT } from '../../functions/domain/short-links/texts';
import { api, call, messageOf } from '../lib/api-client';
import { toast } from '../stores/toast';

/**
 * Share controls (src/components/ShareControl.astro): the page's short link from
 * POST /api/short-links/share — one code per page, made on the first share and the same ever after
 * (kept here too, so a second press asks nothing) — given to the system share sheet where the
 * browser has one, else copied with a toast; when copying is refused the link is shown to copy.
 */
const links = new Map<string, Promise<string>>();

function linkOf(page: 'film' | 'coins', id: string): Promise<string> {
  const key = `${page}:${id}`;
  let link = links.get(key);
  if (!link) {
    link = call(api['short-links'].share.$post({ json: { page, id } })).then((d) => d.url);
    link.catch(() => links.delete(key));
    links.set(key, link);
  }
  return link;
}

async function copy(link: string, out: HTMLElement | null) {
  if (out) {
    out.textContent = link;
    out.hidden = false;
  }
  try {
    await navigator.clipboard.writeText(link);
    toast(SHARE_TEXT.shareLinkCopied, 'success');
  } catch {
    toast(SHARE_TEXT.shareCopyBelow, 'info');
  }
}

/** One press of a Share button: the link shared, or copied (src/scripts/on-demand.ts loads this on the press). */
export async function share(button: HTMLButtonElement) {
  const control = button.closest<HTMLElement>('[data-share-control]');
  const out = control?.querySelector<HTMLElement>('[data-share-result]') ?? null;
  const page = button.dataset.sharePage === 'coins' ? 'coins' : 'film';
  const id = button.dataset.shareId ?? '';
  button.disabled = true;
  try {
    const link = await linkOf(page, id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: button.dataset.shareTitle ?? document.title, url: link });
      } catch (err) {
        // Closing the sheet is the person's choice; any other refusal falls back to copying.
        if (!(err instanceof DOMException && err.name === 'AbortError')) await copy(link, out);
      }
    } else {
      await copy(link, out);
    }
  } catch (err) {
    toast(messageOf(err) || SHARE_TEXT.shareFailed, 'error');
  } finally {
    button.disabled = false;
  }
}
