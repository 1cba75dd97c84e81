import { api, call } from '../lib/api-client';
import { toast } from '../stores/toast';

/**
 * Share buttons ([data-share="/path"]): ask the API for a short link (POST /api/short-links) and
 * copy it; when short links are unavailable (404, an error), the page's own address is shared.
 */
async function shortLink(path: string): Promise<string> {
  const full = new URL(path, window.location.origin).href;
  try {
    const data = (await call(api['short-links'].index.$post({ json: { path } }))) as {
      url?: string;
      shortUrl?: string;
      shortCode?: string;
      code?: string;
    };
    const code = data.shortCode ?? data.code;
    const url = data.url ?? data.shortUrl ?? (code ? `/s/${encodeURIComponent(code)}` : null);
    return url ? new URL(url, window.location.origin).href : full;
  } catch {
    return full;
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const link = await shortLink(button.dataset.share ?? window.location.pathname);
    const out = document.querySelector<HTMLElement>('[data-share-result]');
    if (out) {
      out.textContent = link;
      out.hidden = false;
    }
    try {
      await navigator.clipboard.writeText(link);
      toast('Link copied', 'success');
    } catch {
      toast('Copy the link below to share', 'info');
    }
    button.disabled = false;
  });
}
