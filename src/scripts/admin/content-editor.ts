import { CONTENT_TEXT as T } from '../../../functions/domain/content/texts';
import { fillText } from '../../../functions/domain/fill-text';
import { ApiError, api, call, messageOf } from '../../lib/api-client';

/**
 * The content editor (docs/content.md): a live preview rendered by the server's own renderer, drafts,
 * publish, versions beside the current one, restore; and when another editor saved first, both texts.
 */
const root = document.querySelector<HTMLElement>('[data-editor]');
const $ = <E extends Element>(sel: string) => root?.querySelector<E>(sel) ?? null;

if (root) {
  const slug = root.dataset.slug as 'faq';
  let revision = Number(root.dataset.revision);
  const source = $<HTMLTextAreaElement>('[data-markdown]') as HTMLTextAreaElement;
  const status = $<HTMLElement>('[data-status]') as HTMLElement;
  const say = (text: string) => {
    status.textContent = text;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const refreshPreview = async () => {
    const n = ++asked;
    try {
      const page = await call(api.content.preview.$post({ json: { slug, markdown: source.value } }));
      if (n !== asked) return; // a later keystroke's preview is on its way
      ($<HTMLElement>('[data-preview-title]') as HTMLElement).textContent = page.title;
      ($<HTMLElement>('[data-preview-lead]') as HTMLElement).textContent = page.lead ?? '';
      // Server-rendered by the one safe renderer: no raw HTML, only allowed links.
      ($<HTMLElement>('[data-preview] .content-body') as HTMLElement).innerHTML = page.html;
    } catch (err) {
      say(messageOf(err));
    }
  };
  source.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(refreshPreview, 250);
  });

  /** Another editor wrote first: show their text beside ours and go on from their revision. */
  const showConflict = async () => {
    const page = await call(api.content.pages[':slug'].$get({ param: { slug } }));
    revision = page.revision;
    const panel = $<HTMLElement>('[data-conflict]') as HTMLElement;
    ($<HTMLTextAreaElement>('[data-theirs]') as HTMLTextAreaElement).value = page.draft?.markdown ?? page.published;
    ($<HTMLTextAreaElement>('[data-yours]') as HTMLTextAreaElement).value = source.value;
    panel.hidden = false;
    panel.querySelector<HTMLElement>('[data-conflict-message]')?.focus();
  };
  const write = async (action: () => Promise<{ revision: number; version?: number }>, done: (v?: number) => string) => {
    say('');
    try {
      const answer = await action();
      revision = answer.revision;
      ($<HTMLElement>('[data-conflict]') as HTMLElement).hidden = true;
      say(done(answer.version));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) await showConflict();
      else say(messageOf(err));
      return false;
    }
  };

  $<HTMLButtonElement>('[data-use-theirs]')?.addEventListener('click', () => {
    source.value = ($<HTMLTextAreaElement>('[data-theirs]') as HTMLTextAreaElement).value;
    ($<HTMLElement>('[data-conflict]') as HTMLElement).hidden = true;
    void refreshPreview();
  });
  $<HTMLButtonElement>('[data-save-draft]')?.addEventListener('click', () =>
    write(
      () =>
        call(api.content.pages[':slug'].draft.$put({ param: { slug }, json: { markdown: source.value, revision } })),
      () => T.contentEditorDraftSaved,
    ),
  );
  $<HTMLButtonElement>('[data-publish]')?.addEventListener('click', async () => {
    const ok = await write(
      () =>
        call(api.content.pages[':slug'].publish.$post({ param: { slug }, json: { markdown: source.value, revision } })),
      (v) => fillText(T.contentEditorPublished, { version: String(v) }),
    );
    // The versions list and the current text come from the server.
    if (ok) location.reload();
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-restore]')) {
    button.addEventListener('click', async () => {
      const from = Number(button.dataset.restore);
      const ok = await write(
        () => call(api.content.pages[':slug'].restore.$post({ param: { slug }, json: { version: from, revision } })),
        (v) => fillText(T.contentEditorRestored, { from: String(from), version: String(v) }),
      );
      if (ok) location.reload();
    });
  }
  const compare = $<HTMLElement>('[data-compare]') as HTMLElement;
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-view]')) {
    button.addEventListener('click', async () => {
      try {
        const version = String(button.dataset.view);
        const v = await call(api.content.pages[':slug'].versions[':version'].$get({ param: { slug, version } }));
        ($<HTMLElement>('[data-compare-title]') as HTMLElement).textContent = fillText(T.contentEditorBeside, {
          version,
        });
        ($<HTMLElement>('[data-compare-left-label]') as HTMLElement).textContent = `v${version}`;
        ($<HTMLElement>('[data-compare-left]') as HTMLElement).innerHTML = v.rendered.html;
        compare.hidden = false;
        compare.scrollIntoView({ block: 'nearest' });
      } catch (err) {
        say(messageOf(err));
      }
    });
  }
  $<HTMLButtonElement>('[data-compare-close]')?.addEventListener('click', () => {
    compare.hidden = true;
  });
}

const pin = document.querySelector<HTMLElement>('[data-home-pin]');
if (pin) {
  const field = <E extends Element>(sel: string) => pin.querySelector<E>(sel) as E;
  field<HTMLButtonElement>('[data-pin-save]').addEventListener('click', async () => {
    const out = field<HTMLElement>('[data-pin-status]');
    const filmId = (pin.querySelector('[data-pin-film]') as unknown as { value: string }).value || null;
    const text = field<HTMLInputElement>('[data-pin-text]').value.trim();
    const href = field<HTMLInputElement>('[data-pin-href]').value.trim();
    try {
      await call(api.content.home.$put({ json: { filmId, banner: text ? { text, href } : null } }));
      out.textContent = T.contentEditorPinSaved;
    } catch (err) {
      out.textContent = messageOf(err);
    }
  });
}
