import { FILM_TEXT } from '../../../functions/domain/films/texts';
import { formatBytes } from '../../../functions/domain/films/upload-plan';
import { api, call, messageOf } from '../../lib/api-client';
import { toast } from '../../stores/toast';
import type { Upload } from './types';
import { forgetUpload, type Progress, VideoUpload } from './upload-engine';

/** Wires every [data-video-uploader] on the page (see VideoUploader.astro). */
function initUploaders() {
  const roots = document.querySelectorAll<HTMLElement>('[data-video-uploader]');
  if (roots.length === 0) return;
  const unfinished = call(api.uploads.index.$get()).catch(() => null);
  for (const root of roots) wire(root, unfinished);
}

function wire(root: HTMLElement, unfinished: Promise<{ uploads: Upload[]; maxBytes: number } | null>) {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel);
  const input = $<HTMLInputElement>('[data-file]');
  const stages = root.querySelectorAll<HTMLElement>('[data-stage]');
  const error = $<HTMLElement>('[data-error]');
  const bar = $<HTMLElement>('[data-bar]');
  const fill = $<HTMLElement>('[data-bar-fill]');
  const hidden = $<HTMLInputElement>('[data-upload-id]');
  const set = (sel: string, text: string) => {
    const el = $<HTMLElement>(sel);
    if (el) el.textContent = text;
  };
  const stage = (name: string) => {
    for (const s of stages) s.hidden = s.dataset.stage !== name;
    root.dataset.uploadState = name;
  };
  const showError = (message: string | null) => {
    if (!error) return;
    error.textContent = message ?? '';
    error.hidden = !message;
  };

  let current: VideoUpload | null = null;
  const leaveWarning = (e: BeforeUnloadEvent) => e.preventDefault();

  void unfinished.then((data) => {
    if (!data) return;
    set('[data-limit]', `, up to ${formatBytes(data.maxBytes)}`);
    renderUnfinished(data.uploads);
  });

  function renderUnfinished(uploads: Upload[]) {
    const box = $<HTMLElement>('[data-unfinished]');
    const list = $<HTMLElement>('[data-unfinished-list]');
    if (!box || !list) return;
    box.hidden = uploads.length === 0;
    list.replaceChildren(
      ...uploads.map((u) => {
        const li = document.createElement('li');
        li.dataset.unfinishedUpload = u.id;
        const percent = Math.floor((u.bytesConfirmed / u.size) * 100);
        const text = document.createElement('span');
        text.textContent = `${u.fileName} — ${percent}% of ${formatBytes(u.size)}`;
        const cancel = document.createElement('button');
        cancel.type = 'button';
        cancel.className = 'btn btn-danger btn-small';
        cancel.textContent = 'Cancel';
        cancel.addEventListener('click', async () => {
          cancel.disabled = true;
          try {
            await call(api.uploads[':id'].$delete({ param: { id: u.id } }));
            forgetUpload(u.id);
            li.remove();
            box.hidden = list.children.length === 0;
            toast(FILM_TEXT.uploadCancelledToast, 'info');
          } catch (err) {
            cancel.disabled = false;
            toast(messageOf(err), 'error');
          }
        });
        li.replaceChildren(text, cancel);
        return li;
      }),
    );
  }

  function renderProgress(p: Progress) {
    const percent = p.total ? Math.min(100, Math.floor((p.sent / p.total) * 100)) : 0;
    if (fill) fill.style.width = `${percent}%`;
    bar?.setAttribute('aria-valuenow', String(percent));
    bar?.setAttribute('aria-valuetext', `${percent}%`);
    root.dataset.confirmedParts = String(p.confirmedParts);
    set('[data-percent]', `${percent}%`);
    set('[data-sent]', `${formatBytes(p.sent)} of ${formatBytes(p.total)}`);
    set('[data-speed]', p.speed > 0 ? `${formatBytes(Math.round(p.speed))}/s` : '');
  }

  async function start(file: File) {
    showError(null);
    set('[data-file-name]', file.name);
    set('[data-note]', '');
    renderProgress({ sent: 0, total: file.size, speed: 0, confirmedParts: 0, partCount: 0 });
    stage('progress');
    const job = new VideoUpload(file, {
      onStart: (upload, resumed) => {
        const tag = $<HTMLElement>('[data-resumed]');
        if (tag) tag.hidden = !resumed;
        root.dataset.uploadId = upload.id;
      },
      onProgress: renderProgress,
      onRetry: (attempt, message) => set('[data-note]', `${message} Retrying (${attempt})…`),
    });
    current = job;
    window.addEventListener('beforeunload', leaveWarning);
    try {
      const upload = await job.run();
      if (current !== job) return;
      finish(upload);
    } catch (err) {
      if (current !== job) return;
      stage('choose');
      showError(messageOf(err));
    } finally {
      if (current === job) current = null;
      window.removeEventListener('beforeunload', leaveWarning);
      if (input) input.value = '';
    }
  }

  function finish(upload: Upload) {
    set('[data-done-name]', upload.fileName);
    if (hidden) hidden.value = upload.id;
    const next = $<HTMLAnchorElement>('[data-next-link]');
    if (next && root.dataset.next) next.href = `${root.dataset.next}?upload=${encodeURIComponent(upload.id)}`;
    stage('done');
    toast(FILM_TEXT.uploadComplete, 'success');
    root.dispatchEvent(new CustomEvent('video-uploaded', { detail: upload, bubbles: true }));
  }

  input?.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void start(file);
  });

  $<HTMLButtonElement>('[data-cancel]')?.addEventListener('click', async () => {
    const job = current;
    if (!job) return;
    current = null;
    window.removeEventListener('beforeunload', leaveWarning);
    await job.cancel();
    stage('choose');
    toast(FILM_TEXT.uploadCancelledToast, 'info');
    const remaining = await call(api.uploads.index.$get()).catch(() => null);
    if (remaining) renderUnfinished(remaining.uploads);
  });

  $<HTMLButtonElement>('[data-again]')?.addEventListener('click', () => {
    if (hidden) hidden.value = '';
    stage('choose');
    root.dispatchEvent(new CustomEvent('video-cleared', { bubbles: true }));
    input?.click();
  });

  stage('choose');
}

initUploaders();
