import { formatDuration } from '../../../functions/domain/films/duration';
import { FILM_TEXT, REVIEW_LABELS } from '../../../functions/domain/films/texts';
import { CHROME_TEXT } from '../../../functions/domain/site/chrome-texts';
import { SITE_TEXT } from '../../../functions/domain/site/texts';
import { ApiError, api, call, messageOf } from '../../lib/api-client';
import { toast } from '../../stores/toast';
import type { Film } from './types';

/** Builds an element; children may be strings. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c) el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

// A length of 0 is one not known yet (a film saved before its file was measured).
const length = (s: number | null) => (s ? formatDuration(s) : null);
const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function thumb(f: Film) {
  return h(
    'div',
    { class: 'film-thumb' },
    f.poster ? h('img', { src: f.poster.url, alt: '', loading: 'lazy' }) : 'No poster',
  );
}

function meta(f: Film) {
  return h(
    'p',
    { class: 'film-meta' },
    ...[f.categoryName, f.year ? String(f.year) : null, length(f.runtimeSeconds)]
      .filter((x): x is string => Boolean(x))
      .map((t) => h('span', {}, t)),
  );
}

const badge = (f: Film) =>
  h('span', { class: 'badge review-badge', 'data-status': f.reviewStatus }, REVIEW_LABELS[f.reviewStatus]);

function empty(title: string, body: string, ...actions: HTMLElement[]) {
  return h(
    'div',
    { class: 'empty-state', 'data-empty-state': '' },
    h('h2', {}, title),
    h('p', {}, body),
    actions.length ? h('p', { class: 'empty-actions' }, ...actions) : null,
  );
}

function failed(root: HTMLElement, err: unknown) {
  root.removeAttribute('aria-busy');
  root.replaceChildren(
    h('p', { class: 'error-text', role: 'alert' }, err instanceof ApiError ? err.message : CHROME_TEXT.failedToLoad),
  );
}

/** Contributor dashboard, My Films tab. */
export async function initMyFilms() {
  const root = document.querySelector<HTMLElement>('[data-my-films]');
  if (!root) return;
  try {
    const { films } = await call(api.studio.films.$get());
    root.removeAttribute('aria-busy');
    if (films.length === 0) {
      root.replaceChildren(
        empty(
          'No films yet',
          'Upload your film, add its details, and it goes to review before it appears in the catalogue.',
          h('a', { class: 'btn btn-primary', href: '/contributor/upload' }, 'Upload a video'),
        ),
      );
      return;
    }
    root.replaceChildren(...films.map(myFilmRow));
  } catch (err) {
    failed(root, err);
  }
}

function myFilmRow(f: Film) {
  const edit = `/contributor/edit/${encodeURIComponent(f.id)}`;
  return h(
    'article',
    { class: 'film-row card', 'data-film': f.id, 'data-status': f.reviewStatus },
    thumb(f),
    h(
      'div',
      {},
      h('h3', {}, f.title, ' ', badge(f)),
      meta(f),
      f.reviewStatus === 'rejected' && f.reviewReason
        ? h('p', { class: 'film-reason', 'data-review-reason': '' }, h('strong', {}, 'Reason: '), f.reviewReason)
        : null,
      f.reviewStatus === 'pending' || f.pendingPoster
        ? h('p', { class: 'muted' }, 'Waiting for review. You will be notified.')
        : null,
      h(
        'p',
        { class: 'film-actions' },
        h('a', { class: 'btn btn-small', href: edit }, f.reviewStatus === 'rejected' ? 'Edit and resubmit' : 'Edit'),
        f.reviewStatus === 'approved'
          ? h('a', { class: 'btn btn-small', href: `/movie/${encodeURIComponent(f.id)}` }, 'View in catalogue')
          : null,
      ),
    ),
  );
}

/** Admin dashboard, Videos tab: the review queue. */
export async function initReviewQueue() {
  const root = document.querySelector<HTMLElement>('[data-review-queue]');
  if (!root) return;
  const showEmptyIfDone = () => {
    if (!root.querySelector('[data-film]')) {
      root.replaceChildren(empty('Nothing to review', 'Films awaiting review will appear here.'));
    }
  };
  try {
    const { films, history } = await call(api.studio.review.$get());
    root.removeAttribute('aria-busy');
    root.replaceChildren(...films.map((f) => reviewRow(f, showEmptyIfDone)));
    showEmptyIfDone();
    renderHistory(history);
  } catch (err) {
    failed(root, err);
  }
}

type ReviewedFilm = Film & { reviewedBy: { id: string; username: string | null } | null };

/** The review history under the queue: who decided which film, the latest first. */
function renderHistory(history: ReviewedFilm[]) {
  const root = document.querySelector<HTMLElement>('[data-review-history]');
  if (!root || !history.length) return;
  root.hidden = false;
  root.replaceChildren(
    h('h2', {}, 'Review history'),
    h(
      'ul',
      { class: 'review-history' },
      ...history.map((f) =>
        h(
          'li',
          { 'data-reviewed-film': f.id },
          badge(f),
          ' ',
          h('a', { href: `/movie/${encodeURIComponent(f.id)}` }, f.title),
          h(
            'span',
            { class: 'muted' },
            ` · ${f.reviewedBy?.username ?? CHROME_TEXT.unknownUser}${f.reviewedAt ? ` · ${date(f.reviewedAt)}` : ''}`,
          ),
        ),
      ),
    ),
  );
}

/** The film's caption tracks, each a link to its file (for the reviewer to read), or that it has none. */
function captionsLine(f: Film) {
  if (!f.captions.length) return h('p', { class: 'muted', 'data-review-captions': '' }, 'No captions');
  const links = f.captions.flatMap((c, i) => [
    i > 0 ? ', ' : null,
    h('a', { href: c.url, target: '_blank', rel: 'noopener', 'data-caption-link': c.language }, c.label),
    ` (${c.language})`,
  ]);
  return h('p', { class: 'muted', 'data-review-captions': '' }, 'Captions: ', ...links);
}

function reviewRow(f: Film, onDone: () => void) {
  const row = h('article', { class: 'film-row review card', 'data-film': f.id });
  const preview = f.video
    ? h(
        'video',
        {
          class: 'film-preview',
          controls: '',
          preload: 'metadata',
          src: f.video.url,
          // A new poster of an approved film is what awaits review.
          ...(f.pendingPoster ? { poster: f.pendingPoster.url } : f.poster ? { poster: f.poster.url } : {}),
          'aria-label': `Preview of ${f.title}`,
        },
        // The captions play along in the preview (the video's own CC menu).
        ...f.captions.map((c) => h('track', { kind: 'captions', src: c.url, srclang: c.language, label: c.label })),
      )
    : h('div', { class: 'film-preview' });

  const approve = h('button', { type: 'button', class: 'btn btn-primary btn-small', 'data-approve': '' }, 'Approve');
  const rejectOpen = h('button', { type: 'button', class: 'btn btn-danger btn-small', 'data-reject': '' }, 'Reject');
  const reasonId = `reason-${f.id}`;
  const reason = h('textarea', { id: reasonId, name: 'reason', maxlength: '1000', 'data-reason': '' });
  const reasonError = h('small', { class: 'error-text', role: 'alert', hidden: '' });
  const rejectForm = h(
    'form',
    { class: 'film-reject-form', hidden: '', novalidate: '' },
    h('label', { for: reasonId }, 'Reason for the creator'),
    reason,
    reasonError,
    h(
      'p',
      { class: 'film-actions' },
      h('button', { type: 'submit', class: 'btn btn-danger btn-small', 'data-confirm-reject': '' }, 'Reject film'),
      h('button', { type: 'button', class: 'btn btn-small', 'data-cancel-reject': '' }, 'Keep reviewing'),
    ),
  );

  const buttons = [approve, rejectOpen];
  const busy = (on: boolean) => {
    for (const b of [...buttons, ...rejectForm.querySelectorAll('button')]) (b as HTMLButtonElement).disabled = on;
  };
  const done = (message: string) => {
    toast(message, 'success');
    row.remove();
    onDone();
  };

  approve.addEventListener('click', async () => {
    busy(true);
    try {
      await call(api.films[':id'].approve.$post({ param: { id: f.id } }));
      done(FILM_TEXT.filmApproved);
    } catch (err) {
      busy(false);
      toast(messageOf(err), 'error');
    }
  });
  rejectOpen.addEventListener('click', () => {
    rejectForm.hidden = false;
    reason.focus();
  });
  rejectForm.querySelector('[data-cancel-reject]')?.addEventListener('click', () => {
    rejectForm.hidden = true;
  });
  rejectForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = reason.value.trim();
    reasonError.hidden = Boolean(text);
    reasonError.textContent = text ? '' : FILM_TEXT.reasonRequired;
    if (!text) return reason.focus();
    busy(true);
    try {
      await call(api.films[':id'].reject.$post({ param: { id: f.id }, json: { reason: text } }));
      done(FILM_TEXT.filmRejected);
    } catch (err) {
      busy(false);
      reasonError.textContent = messageOf(err);
      reasonError.hidden = false;
    }
  });

  row.replaceChildren(
    preview,
    h(
      'div',
      {},
      h('h3', {}, f.title),
      meta(f),
      h(
        'p',
        { class: 'muted' },
        `By ${f.owner.username ?? SITE_TEXT.unknownContributor} · submitted ${date(f.updatedAt)}`,
      ),
      h('p', { class: 'film-description' }, f.description),
      captionsLine(f),
      h(
        'p',
        { class: 'film-actions' },
        approve,
        rejectOpen,
        h('a', { class: 'btn btn-small', href: `/admin/edit/${encodeURIComponent(f.id)}` }, 'Edit'),
      ),
      rejectForm,
    ),
  );
  return row;
}
