import { formatClock } from '../../../functions/domain/films/duration';
import { SCRAPER_TEXT } from '../../../functions/domain/scraper/texts';
import { api, call, messageOf } from '../../lib/api-client';

/** What the film form takes from an import (film-form.ts listens for `film-import` on the form). */
export interface ImportedFilm {
  title?: string;
  description?: string;
  year?: number;
  runtime?: string;
  genres: string[];
  posterUploadId?: string;
}

const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  posterUrl: 'Poster',
  runtimeSeconds: 'Runtime',
  year: 'Year',
  genre: 'Genre',
  credits: SCRAPER_TEXT.creditsLabel,
};

/** Wires the import form of /admin/ai-video-scraper (docs/film-import.md). */
function wire(form: HTMLFormElement) {
  const filmForm = document.querySelector<HTMLFormElement>('[data-film-form]');
  const input = form.querySelector<HTMLInputElement>('input[name="url"]');
  const submit = form.querySelector<HTMLButtonElement>('[data-import-submit]');
  const error = form.querySelector<HTMLElement>('[data-import-error]');
  const result = document.querySelector<HTMLElement>('[data-import-result]');
  const status = document.querySelector<HTMLElement>('[data-import-status]');
  const sources = document.querySelector<HTMLElement>('[data-import-sources]');
  const posterProblem = document.querySelector<HTMLElement>('[data-import-poster-problem]');
  const synopsisBox = document.querySelector<HTMLElement>('[data-import-synopsis]');
  const synopsisText = document.querySelector<HTMLElement>('[data-import-synopsis-text]');
  if (!input || !submit || !error || !result || !status || !sources || !filmForm) return;

  const showError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (submit.disabled) return;
    const url = input.value.trim();
    if (!url) {
      showError(SCRAPER_TEXT.urlRequired);
      input.focus();
      return;
    }
    showError(null);
    submit.disabled = true;
    submit.textContent = SCRAPER_TEXT.importing;
    try {
      const { import: imported } = await call(api.admin['film-imports'].$post({ json: { url } }));
      const d = imported.details;
      const detail: ImportedFilm = {
        title: d.title?.value,
        description: d.description?.value,
        year: d.year?.value,
        runtime: d.runtimeSeconds ? formatClock(d.runtimeSeconds.value) : undefined,
        genres: d.genre?.value ?? [],
        posterUploadId: imported.poster?.uploadId,
      };
      filmForm.dispatchEvent(new CustomEvent<ImportedFilm>('film-import', { detail }));

      const rows: HTMLElement[] = [];
      for (const [key, field] of Object.entries(d)) {
        if (!field) continue;
        const dt = document.createElement('dt');
        dt.textContent = LABELS[key] ?? key;
        const dd = document.createElement('dd');
        const value =
          key === 'runtimeSeconds'
            ? formatClock(field.value as number)
            : Array.isArray(field.value)
              ? field.value.join('; ')
              : String(field.value);
        const shown = key === 'posterUrl' && imported.poster ? `${SCRAPER_TEXT.posterCopied} (${value})` : value;
        dd.textContent = `${shown.length > 160 ? `${shown.slice(0, 157)}…` : shown} — ${field.source}`;
        dd.dataset.importSource = key;
        rows.push(dt, dd);
      }
      sources.replaceChildren(...rows);
      if (posterProblem) {
        posterProblem.textContent = imported.posterProblem ?? '';
        posterProblem.hidden = !imported.posterProblem;
      }
      if (synopsisBox && synopsisText) {
        synopsisText.textContent = imported.synopsis ?? '';
        synopsisBox.hidden = !imported.synopsis;
      }
      status.textContent = SCRAPER_TEXT.imported;
      result.hidden = false;
    } catch (err) {
      showError(messageOf(err));
      input.focus();
    } finally {
      submit.disabled = false;
      submit.textContent = SCRAPER_TEXT.importButton;
    }
  });

  document.querySelector('[data-import-use-synopsis]')?.addEventListener('click', () => {
    const description = filmForm.querySelector<HTMLTextAreaElement>('textarea[name="description"]');
    if (description && synopsisText?.textContent) {
      description.value = synopsisText.textContent;
      description.dispatchEvent(new Event('input', { bubbles: true }));
      description.focus();
    }
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('[data-film-import]')) wire(form);
