import {
  formatClock,
  parseRuntime,
  RUNTIME_MAX_SECONDS,
  RUNTIME_MIN_SECONDS,
} from '../../../functions/domain/films/duration';
import { sniffImage } from '../../../functions/domain/films/media-sniff';
import { FILM_TEXT, REVIEW_LABELS } from '../../../functions/domain/films/texts';
import { formatBytes, MAX_POSTER_BYTES } from '../../../functions/domain/films/upload-plan';
import { SITE_TEXT } from '../../../functions/domain/site/texts';
import { ApiError, api, call, messageOf } from '../../lib/api-client';
import { $abilities } from '../../stores/session';
import { toastAfterNavigation } from '../../stores/toast';
import { captionEditor } from './caption-editor';
import type { ImportedFilm } from './film-import';
import type { Category, Film } from './types';

const YEAR_MAX = new Date().getUTCFullYear() + 5;

/** Wires the [data-film-form] of FilmForm.astro: loads, validates, uploads the poster, saves. */
function initFilmForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-film-form]')) void wire(form);
}

async function wire(form: HTMLFormElement) {
  const mode = form.dataset.mode as 'create' | 'edit';
  const filmId = form.dataset.filmId ?? '';
  const $ = <T extends HTMLElement>(sel: string) => form.querySelector<T>(sel);
  const field = <T>(name: string) => form.elements.namedItem(name) as unknown as T;
  const uploader = $<HTMLElement>('[data-video-uploader]');
  const videoId = $<HTMLInputElement>('[data-upload-id]');
  const submit = $<HTMLButtonElement>('[data-submit]');
  const formError = $<HTMLElement>('[data-form-error]');
  const captionsSection = $<HTMLElement>('[data-captions]');
  const captions = captionsSection ? captionEditor(captionsSection) : null;
  let film: Film | null = null;

  const setFieldError = (path: string, message: string | null) => {
    const el = $<HTMLElement>(`[data-field-error="${path}"]`);
    if (!el) return false;
    el.textContent = message ?? '';
    el.hidden = !message;
    const input = el.closest('.field')?.querySelector('input, select, textarea');
    if (message) input?.setAttribute('aria-invalid', 'true');
    else input?.removeAttribute('aria-invalid');
    return true;
  };
  const clearErrors = () => {
    for (const el of form.querySelectorAll<HTMLElement>('[data-field-error]'))
      setFieldError(el.dataset.fieldError ?? '', null);
    if (formError) formError.hidden = true;
  };
  const showFormError = (message: string) => {
    if (!formError) return;
    formError.textContent = message;
    formError.hidden = false;
  };

  // The runtime is read from the chosen video itself (its metadata), before anything is uploaded;
  // a runtime the person typed is left alone. Wired before anything is awaited: a file chosen at once counts.
  const runtimeField = field<HTMLInputElement>('runtime');
  runtimeField.addEventListener('input', () => {
    delete runtimeField.dataset.fromMedia;
  });
  uploader?.querySelector<HTMLInputElement>('[data-file]')?.addEventListener('change', (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const probe = document.createElement('video');
    const url = URL.createObjectURL(file);
    probe.preload = 'metadata';
    probe.addEventListener('loadedmetadata', () => {
      const typed = runtimeField.value.trim() !== '' && runtimeField.dataset.fromMedia !== 'true';
      if (!typed && Number.isFinite(probe.duration) && probe.duration > 0) {
        runtimeField.value = formatClock(probe.duration);
        runtimeField.dataset.fromMedia = 'true';
      }
      URL.revokeObjectURL(url);
    });
    probe.addEventListener('error', () => URL.revokeObjectURL(url));
    probe.src = url;
  });

  // Categories (and, when editing, the film) come from the studio API.
  const select = field<HTMLSelectElement>('categoryId');
  try {
    const data: { film?: Film; categories: Category[] } =
      mode === 'edit'
        ? await call(api.studio.films[':id'].$get({ param: { id: filmId } }))
        : await call(api.studio.categories.$get());
    for (const c of data.categories) select.add(new Option(c.name, c.id));
    if (data.film) {
      film = data.film;
      fill(data.film);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      // Not this viewer's film (or no such film): the same answer, and away from here.
      toastAfterNavigation(SITE_TEXT.videoNotFound, 'error');
      window.location.replace(form.dataset.away ?? '/');
      return;
    }
    showFormError(messageOf(err));
  }
  form.removeAttribute('aria-busy');
  if (mode === 'create') await preselectUpload();

  function fill(f: Film) {
    field<HTMLInputElement>('title').value = f.title;
    field<HTMLTextAreaElement>('description').value = f.description;
    select.value = f.categoryId ?? '';
    field<HTMLInputElement>('year').value = f.year ? String(f.year) : '';
    field<HTMLInputElement>('runtime').value = f.runtimeSeconds ? formatClock(f.runtimeSeconds) : '';
    const note = $<HTMLElement>('[data-review-note]');
    const badge = $<HTMLElement>('[data-review-badge]');
    if (note && badge) {
      note.hidden = false;
      badge.textContent = REVIEW_LABELS[f.reviewStatus];
      badge.dataset.status = f.reviewStatus;
      const text = $<HTMLElement>('[data-review-text]');
      const reason = $<HTMLElement>('[data-review-reason]');
      if (text) text.textContent = reviewText(f);
      if (reason && f.reviewStatus === 'rejected' && f.reviewReason) {
        reason.textContent = f.reviewReason;
        reason.hidden = false;
      }
    }
    if (f.video) {
      const box = $<HTMLElement>('[data-current-video]');
      const video = $<HTMLVideoElement>('[data-video-preview]');
      if (box && video) {
        box.hidden = false;
        video.src = f.video.url;
        const info = $<HTMLElement>('[data-video-info]');
        if (info)
          info.textContent = [f.video.type, f.video.bytes ? formatBytes(f.video.bytes) : '']
            .filter(Boolean)
            .join(' · ');
      }
    } else if (uploader) uploader.hidden = false;
    if (f.poster) showPoster(f.poster.url);
    captions?.fill(f.captions);
    if (submit && !$abilities.get().isAdmin && f.reviewStatus === 'rejected') submit.textContent = 'Save and resubmit';
  }

  async function preselectUpload() {
    const id = new URLSearchParams(window.location.search).get('upload');
    if (!id || !videoId || !uploader) return;
    try {
      const { upload } = await call(api.uploads[':id'].$get({ param: { id: id } }));
      if (upload.status !== 'completed' || upload.kind !== 'video') return;
      videoId.value = upload.id;
      uploader.hidden = true;
      const chosen = $<HTMLElement>('[data-chosen-video]');
      if (chosen) chosen.hidden = false;
      const name = $<HTMLElement>('[data-chosen-name]');
      const size = $<HTMLElement>('[data-chosen-size]');
      if (name) name.textContent = upload.fileName;
      if (size) size.textContent = `(${formatBytes(upload.size)}, uploaded)`;
    } catch {
      /* an unknown upload: the uploader stays for a new one */
    }
  }

  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-replace-video]')) {
    button.addEventListener('click', () => {
      for (const box of form.querySelectorAll<HTMLElement>('[data-current-video], [data-chosen-video]'))
        box.hidden = true;
      if (videoId) videoId.value = '';
      if (uploader) uploader.hidden = false;
      uploader?.querySelector<HTMLInputElement>('[data-file]')?.focus();
    });
  }
  form.addEventListener('video-uploaded', () => setFieldError('videoUploadId', null));

  // Poster: previewed locally, checked by its bytes like the server does.
  const posterInput = field<HTMLInputElement>('poster');
  function showPoster(url: string) {
    const preview = $<HTMLElement>('[data-poster-preview]');
    if (!preview) return;
    const img = document.createElement('img');
    img.src = url;
    img.alt = '';
    preview.replaceChildren(img);
  }
  // A poster the film importer already copied into our storage (/admin/ai-video-scraper); a file chosen here replaces it.
  let importedPosterId: string | null = null;
  form.addEventListener('film-import', (e) => {
    const d = (e as CustomEvent<ImportedFilm>).detail;
    const set = (name: string, value: string | undefined) => {
      const el = field<HTMLInputElement | HTMLTextAreaElement>(name);
      if (value === undefined || !el) return;
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('title', d.title);
    set('description', d.description);
    set('year', d.year === undefined ? undefined : String(d.year));
    set('runtime', d.runtime);
    // The first genre that names one of our categories picks it.
    const wanted = d.genres.map((g) => g.toLowerCase());
    const match = [...select.options].find((o) => o.value && wanted.includes(o.text.toLowerCase()));
    if (match) select.value = match.value;
    if (d.posterUploadId) {
      importedPosterId = d.posterUploadId;
      posterInput.value = '';
      setFieldError('posterUploadId', null);
      const preview = $<HTMLElement>('[data-poster-preview]');
      if (preview) preview.textContent = 'Imported poster';
    }
  });

  posterInput.addEventListener('change', async () => {
    setFieldError('posterUploadId', null);
    const file = posterInput.files?.[0];
    if (!file) return;
    const problem = await posterProblem(file);
    if (problem) {
      setFieldError('posterUploadId', problem);
      posterInput.value = '';
      return;
    }
    showPoster(URL.createObjectURL(file));
  });

  function readFields() {
    const text = (name: string) => field<HTMLInputElement>(name).value.trim();
    const num = (name: string) => (text(name) === '' ? Number.NaN : Number(text(name)));
    return {
      title: text('title'),
      description: text('description'),
      categoryId: select.value || null,
      year: num('year'),
      runtimeSeconds: parseRuntime(text('runtime')),
    };
  }

  /** Each detail field's rule (the server's, checked here first), by the path its error shows under. */
  const FIELD_RULES: Record<string, (values: ReturnType<typeof readFields>) => string | null> = {
    title: (v) => (v.title ? null : FILM_TEXT.titleRequired),
    description: (v) => (v.description ? null : FILM_TEXT.descriptionRequired),
    categoryId: (v) => (!v.categoryId && select.options.length > 1 ? FILM_TEXT.categoryRequired : null),
    year: (v) =>
      !Number.isInteger(v.year) || v.year < 1888 || v.year > YEAR_MAX ? FILM_TEXT.yearRange(YEAR_MAX) : null,
    runtimeSeconds: (v) =>
      !Number.isInteger(v.runtimeSeconds) ||
      v.runtimeSeconds < RUNTIME_MIN_SECONDS ||
      v.runtimeSeconds > RUNTIME_MAX_SECONDS
        ? FILM_TEXT.runtimeRange
        : null,
  };
  /** The input each rule reads, so its error clears as soon as that input becomes valid. */
  const FIELD_INPUTS: Record<string, string> = {
    title: 'title',
    description: 'description',
    categoryId: 'categoryId',
    year: 'year',
    runtimeSeconds: 'runtime',
  };
  for (const [path, name] of Object.entries(FIELD_INPUTS)) {
    const recheck = () => {
      const shown = $<HTMLElement>(`[data-field-error="${path}"]`);
      if (shown && !shown.hidden && !FIELD_RULES[path]?.(readFields())) setFieldError(path, null);
    };
    field<HTMLElement>(name).addEventListener('input', recheck);
    field<HTMLElement>(name).addEventListener('change', recheck);
  }

  /** The server's rules, checked here first so a mistake shows before any file is sent. */
  function validate(values: ReturnType<typeof readFields>, videoUploadId: string) {
    const problems: [string, string][] = [];
    for (const [path, rule] of Object.entries(FIELD_RULES)) {
      const problem = rule(values);
      if (problem) problems.push([path, problem]);
    }
    if (mode === 'create' && !videoUploadId) {
      const uploading = uploader?.dataset.uploadState === 'progress';
      problems.push(['videoUploadId', uploading ? 'Wait for the video to finish uploading' : FILM_TEXT.videoRequired]);
    }
    return problems;
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (submit?.disabled) return;
    clearErrors();
    const values = readFields();
    const videoUploadId = videoId?.value ?? '';
    const problems = validate(values, videoUploadId);
    for (const [path, message] of problems) setFieldError(path, message);
    const captionsOk = (await captions?.validate()) ?? true;
    if (problems.length > 0 || !captionsOk) {
      form.querySelector<HTMLElement>('[aria-invalid="true"], [data-caption-error]:not([hidden])')?.focus();
      return;
    }
    if (submit) submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    try {
      const posterFile = posterInput.files?.[0];
      const posterUploadId = posterFile ? await uploadPoster(posterFile) : (importedPosterId ?? undefined);
      const body = {
        ...values,
        ...(videoUploadId ? { videoUploadId } : {}),
        ...(posterUploadId ? { posterUploadId } : {}),
      };
      if (mode === 'create') {
        // A new film always has its video: validate() refused the form without one.
        const { film: added } = await call(api.films.index.$post({ json: { ...body, videoUploadId } }));
        // The film exists now: a caption that fails is fixed on its edit page, not by adding it twice.
        const failed = (await captions?.save(added.id)) ?? [];
        if (failed.length > 0) {
          toastAfterNavigation(failed[0] ?? '', 'error');
          const edit = window.location.pathname.startsWith('/admin') ? '/admin/edit/' : '/contributor/edit/';
          window.location.assign(`${edit}${encodeURIComponent(added.id)}`);
          return;
        }
        toastAfterNavigation(
          added.reviewStatus === 'approved' ? FILM_TEXT.filmPublished : FILM_TEXT.filmSubmitted,
          'success',
        );
      } else {
        const { film: saved } = await call(api.films[':id'].$patch({ param: { id: filmId }, json: body }));
        const failed = (await captions?.save(filmId)) ?? [];
        if (failed.length > 0) {
          showFormError(failed.join(' '));
          if (submit) submit.disabled = false;
          form.removeAttribute('aria-busy');
          return;
        }
        const resubmitted = saved.reviewStatus === 'pending' && film?.reviewStatus !== 'pending';
        toastAfterNavigation(resubmitted ? FILM_TEXT.filmResubmitted : FILM_TEXT.filmSaved, 'success');
      }
      window.location.assign(form.dataset.done ?? '/');
    } catch (err) {
      let placed = false;
      if (err instanceof ApiError) for (const f of err.fields) placed = setFieldError(f.path, f.message) || placed;
      if (!placed) showFormError(messageOf(err));
      if (submit) submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

function reviewText(f: Film): string {
  switch (f.reviewStatus) {
    case 'pending':
      return 'This film is waiting for an admin to review it.';
    case 'approved':
      return 'This film is in the catalogue. A new video sends it back to review.';
    case 'rejected':
      return 'This film was not approved. Saving your changes resubmits it for review.';
    default:
      return 'This film has not been submitted yet.';
  }
}

async function posterProblem(file: File): Promise<string | null> {
  if (file.size === 0) return FILM_TEXT.emptyFile;
  if (file.size > MAX_POSTER_BYTES) return FILM_TEXT.posterTooLarge(MAX_POSTER_BYTES);
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  return sniffImage(head) ? null : FILM_TEXT.notAnImage;
}

async function uploadPoster(file: File): Promise<string> {
  // The file is the body itself (no JSON), so it goes in as the request's init.
  const request = api.uploads.posters.$post(
    { query: { name: file.name } },
    { headers: { 'content-type': file.type || 'application/octet-stream' }, init: { body: file } },
  );
  try {
    return (await call(request)).upload.id;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) throw err;
    throw new ApiError(err.status, err.code, err.message, [{ path: 'posterUploadId', message: err.message }]);
  }
}

initFilmForms();
