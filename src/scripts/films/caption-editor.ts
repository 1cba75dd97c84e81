import {
  CAPTIONS_LABEL_MAX,
  CAPTIONS_MAX_BYTES,
  CAPTIONS_MAX_TRACKS,
  isWebVttBytes,
  LANGUAGE_TAG,
} from '../../../functions/domain/films/captions';
import { FILM_TEXT } from '../../../functions/domain/films/texts';
import { api, call, messageOf } from '../../lib/api-client';
import type { CaptionTrack } from './types';

/**
 * The film form's Captions section: one row per track. A track already saved can change its
 * language and label, take a new file or be marked for removal; a new row needs a file. Nothing is
 * sent until the film itself is saved; then each change is one request to /api/films/:id/captions,
 * and a row that went through becomes a saved track (so a second Save does not repeat it).
 */
export interface CaptionEditor {
  fill(tracks: CaptionTrack[]): void;
  /** Checks every row as the server would; marks the rows at fault. */
  validate(): Promise<boolean>;
  /** Sends the changes for this film; the failures, as "label: message". */
  save(filmId: string): Promise<string[]>;
}

interface Row {
  el: HTMLElement;
  saved: CaptionTrack | null;
  removed: boolean;
  file: HTMLInputElement;
  language: HTMLInputElement;
  label: HTMLInputElement;
  error: HTMLElement;
}

let counter = 0;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  ...children: (Node | string)[]
) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) node.setAttribute(k, v);
  for (const c of children) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  return node;
}

async function fileProblem(file: File): Promise<string | null> {
  if (file.size === 0) return FILM_TEXT.emptyFile;
  if (file.size > CAPTIONS_MAX_BYTES) return FILM_TEXT.captionsTooLarge(CAPTIONS_MAX_BYTES);
  return isWebVttBytes(new Uint8Array(await file.slice(0, 16).arrayBuffer())) ? null : FILM_TEXT.captionsNotVtt;
}

export function captionEditor(section: HTMLElement): CaptionEditor {
  const list = section.querySelector<HTMLElement>('[data-caption-list]') as HTMLElement;
  const addButton = section.querySelector<HTMLButtonElement>('[data-add-caption]');
  const rows: Row[] = [];

  const updateAdd = () => {
    if (addButton) addButton.disabled = rows.filter((r) => !r.removed).length >= CAPTIONS_MAX_TRACKS;
  };

  function addRow(saved: CaptionTrack | null) {
    const n = ++counter;
    const id = (what: string) => `caption-${n}-${what}`;
    const file = el('input', {
      id: id('file'),
      type: 'file',
      accept: '.vtt,text/vtt',
      'data-caption-file': '',
    });
    const language = el('input', {
      id: id('language'),
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
      maxlength: '35',
      placeholder: 'en',
      'data-caption-language': '',
    });
    const label = el('input', {
      id: id('label'),
      type: 'text',
      autocomplete: 'off',
      maxlength: String(CAPTIONS_LABEL_MAX),
      placeholder: 'English',
      'data-caption-label': '',
    });
    language.value = saved?.language ?? '';
    label.value = saved?.label ?? '';
    const error = el('small', { class: 'error-text', role: 'alert', 'data-caption-error': '' });
    error.hidden = true;
    const remove = el('button', { type: 'button', class: 'btn btn-small', 'data-remove-caption': '' }, 'Remove');
    const current = saved
      ? el(
          'p',
          { class: 'caption-current' },
          'Saved file: ',
          el(
            'a',
            { href: saved.url, target: '_blank', rel: 'noopener', 'data-caption-link': '' },
            `${saved.label}.vtt`,
          ),
        )
      : '';
    const li = el(
      'li',
      { class: 'caption-row', 'data-caption-row': saved?.id ?? '' },
      el(
        'div',
        { class: 'caption-fields' },
        el(
          'div',
          { class: 'field' },
          el('label', { for: id('file') }, saved ? 'Replace the file' : 'WebVTT file'),
          file,
        ),
        el('div', { class: 'field' }, el('label', { for: id('language') }, 'Language code'), language),
        el('div', { class: 'field' }, el('label', { for: id('label') }, 'Label'), label),
      ),
      current,
      error,
      el('p', { class: 'caption-actions' }, remove),
    );
    const row: Row = { el: li, saved, removed: false, file, language, label, error };
    rows.push(row);
    list.appendChild(li);

    file.addEventListener('change', async () => {
      const chosen = file.files?.[0];
      showError(row, chosen ? await fileProblem(chosen) : null);
      // A new track's label and language start from the file's name (e.g. "captions.fr.vtt").
      const lang = chosen?.name.match(/[._-]([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.vtt$/i)?.[1];
      if (lang && !language.value) language.value = lang;
    });
    remove.addEventListener('click', () => {
      if (!row.saved) {
        rows.splice(rows.indexOf(row), 1);
        li.remove();
      } else {
        row.removed = !row.removed;
        li.dataset.removed = String(row.removed);
        remove.textContent = row.removed ? 'Keep' : 'Remove';
        for (const input of [file, language, label]) input.disabled = row.removed;
        showError(row, null);
      }
      updateAdd();
    });
    updateAdd();
    return row;
  }

  function showError(row: Row, message: string | null) {
    row.error.textContent = message ?? '';
    row.error.hidden = !message;
  }

  addButton?.addEventListener('click', () => addRow(null).file.focus());

  function becomeSaved(row: Row, track: CaptionTrack) {
    const fresh = addRow(track);
    row.el.replaceWith(fresh.el);
    rows.splice(rows.indexOf(fresh), 1);
    rows.splice(rows.indexOf(row), 1, fresh);
  }

  const captions = api.films[':id'].captions;
  const trackOf = (row: Row) => ({ language: row.language.value.trim(), label: row.label.value.trim() });
  // A caption file is the request's body itself (no JSON), so it goes in as the request's init.
  const withFile = (file?: File) =>
    file ? { headers: { 'content-type': 'text/vtt' }, init: { body: file } } : undefined;

  return {
    fill(tracks) {
      for (const t of tracks) addRow(t);
    },

    async validate() {
      let ok = true;
      for (const row of rows) {
        if (row.removed) continue;
        const chosen = row.file.files?.[0];
        let problem: string | null = null;
        if (!row.saved && !chosen) problem = 'Choose a .vtt file, or remove this row';
        else if (chosen) problem = await fileProblem(chosen);
        if (!problem && !LANGUAGE_TAG.test(row.language.value.trim())) problem = FILM_TEXT.captionsLanguage;
        if (!problem && !row.label.value.trim()) problem = FILM_TEXT.captionsLabelRequired;
        if (!problem && row.label.value.trim().length > CAPTIONS_LABEL_MAX) problem = FILM_TEXT.captionsLabelTooLong;
        showError(row, problem);
        if (problem) ok = false;
      }
      return ok;
    },

    async save(filmId) {
      const id = filmId;
      const failures: string[] = [];
      for (const row of [...rows]) {
        const chosen = row.file.files?.[0];
        const name = row.label.value.trim() || row.saved?.label || chosen?.name || '';
        try {
          if (row.saved && row.removed) {
            await call(captions[':captionId'].$delete({ param: { id, captionId: row.saved.id } }));
            rows.splice(rows.indexOf(row), 1);
            row.el.remove();
          } else if (row.saved) {
            const changed =
              chosen || row.language.value.trim() !== row.saved.language || row.label.value.trim() !== row.saved.label;
            if (!changed) continue;
            const param = { id, captionId: row.saved.id };
            const answer = await call(captions[':captionId'].$put({ param, query: trackOf(row) }, withFile(chosen)));
            becomeSaved(row, answer.captions);
          } else {
            const answer = await call(captions.$post({ param: { id }, query: trackOf(row) }, withFile(chosen)));
            becomeSaved(row, answer.captions);
          }
        } catch (err) {
          const message = messageOf(err);
          showError(row, message);
          failures.push(FILM_TEXT.captionsFailed(name, message));
        }
      }
      updateAdd();
      return failures;
    },
  };
}
