import { sniffVideo } from '../../../functions/domain/films/media-sniff';
import { FILM_TEXT } from '../../../functions/domain/films/texts';
import { HEAD_BYTES } from '../../../functions/domain/films/upload-plan';
import { ApiError, api, call, errorOf, NETWORK_ERROR } from '../../lib/api-client';
import type { Upload } from './types';

/**
 * Sends a video to /api/uploads part by part and resumes where the server says it stands: the
 * upload id is remembered per file (name, size, last change) in localStorage, and on a new
 * attempt only the parts the server has not confirmed are sent.
 */
export interface Progress {
  /** Bytes the server holds, plus what the part in flight has sent so far. */
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds of this session. */
  speed: number;
  confirmedParts: number;
  partCount: number;
}

export interface UploadCallbacks {
  onStart?: (upload: Upload, resumed: boolean) => void;
  onProgress?: (p: Progress) => void;
  onRetry?: (attempt: number, message: string) => void;
}

const STORAGE_PREFIX = 'reelfund.upload:';
const RETRIES = 5;

export const storageKey = (file: File) => `${STORAGE_PREFIX}${file.name}:${file.size}:${file.lastModified}`;

function remember(file: File, id: string | null) {
  try {
    if (id) localStorage.setItem(storageKey(file), id);
    else localStorage.removeItem(storageKey(file));
  } catch {
    /* storage unavailable: the upload still works, it just cannot resume after a reload */
  }
}

function remembered(file: File): string | null {
  try {
    return localStorage.getItem(storageKey(file));
  } catch {
    return null;
  }
}

/** Forgets every remembered attempt of this upload id (after a cancel from the unfinished list). */
export function forgetUpload(id: string) {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(STORAGE_PREFIX) && localStorage.getItem(key) === id) localStorage.removeItem(key);
    }
  } catch {
    /* ignore */
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Checks the file locally first, so an obvious mistake is caught before anything is sent. */
export async function checkVideoFile(file: File): Promise<{ head: Uint8Array } | string> {
  if (file.size === 0) return FILM_TEXT.emptyFile;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (!sniffVideo(head)) return FILM_TEXT.notAVideo;
  return { head };
}

class SpeedMeter {
  private samples: { t: number; bytes: number }[] = [];
  add(bytes: number) {
    const t = performance.now();
    this.samples.push({ t, bytes });
    while (this.samples.length > 2 && t - (this.samples[0]?.t ?? t) > 5000) this.samples.shift();
  }
  get bytesPerSecond() {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.t - first.t < 200) return 0;
    return ((last.bytes - first.bytes) * 1000) / (last.t - first.t);
  }
}

export class VideoUpload {
  private xhr: XMLHttpRequest | null = null;
  private cancelled = false;
  upload: Upload | null = null;

  constructor(
    readonly file: File,
    private readonly callbacks: UploadCallbacks = {},
  ) {}

  /** Creates or resumes the upload and sends every missing part; resolves the completed upload. */
  async run(): Promise<Upload> {
    const checked = await checkVideoFile(this.file);
    if (typeof checked === 'string') throw new ApiError(415, 'unsupported_media_type', checked);
    const upload = await this.openOrResume(checked.head);
    this.upload = upload;
    if (upload.status === 'completed') return upload;

    const confirmed = new Set(upload.confirmedParts);
    let held = upload.bytesConfirmed;
    const meter = new SpeedMeter();
    meter.add(0);
    let sessionBytes = 0;
    const report = (inFlight: number) => {
      meter.add(sessionBytes + inFlight);
      this.callbacks.onProgress?.({
        sent: held + inFlight,
        total: upload.size,
        speed: meter.bytesPerSecond,
        confirmedParts: confirmed.size,
        partCount: upload.partCount,
      });
    };
    report(0);

    for (let n = 1; n <= upload.partCount; n++) {
      if (confirmed.has(n)) continue;
      const start = (n - 1) * upload.partSize;
      const blob = this.file.slice(start, Math.min(this.file.size, start + upload.partSize));
      await this.withRetries(() => this.sendPart(upload.id, n, blob, report));
      confirmed.add(n);
      held += blob.size;
      sessionBytes += blob.size;
      report(0);
    }
    const { upload: done } = await this.withRetries(() =>
      call(api.uploads[':id'].complete.$post({ param: { id: upload.id } })),
    );
    this.upload = done;
    // Finished: choosing the same file again starts a new upload (this one will belong to a film).
    remember(this.file, null);
    return done;
  }

  /** Stops sending and cancels the upload on the server (its parts are dropped). */
  async cancel() {
    this.cancelled = true;
    this.xhr?.abort();
    remember(this.file, null);
    if (this.upload && this.upload.status !== 'completed') {
      await call(api.uploads[':id'].$delete({ param: { id: this.upload.id } })).catch(() => {});
    }
  }

  private async openOrResume(head: Uint8Array): Promise<Upload> {
    const known = remembered(this.file);
    if (known) {
      try {
        const { upload } = await call(api.uploads[':id'].$get({ param: { id: known } }));
        if (upload.size === this.file.size && upload.status !== 'aborted') {
          this.callbacks.onStart?.(upload, true);
          return upload;
        }
      } catch (err) {
        if (!(err instanceof ApiError) || err.status === 0) throw err;
      }
      remember(this.file, null);
    }
    const { upload } = await call(
      api.uploads.index.$post({
        json: { kind: 'video', fileName: this.file.name, size: this.file.size, head: toBase64(head) },
      }),
    );
    remember(this.file, upload.id);
    this.callbacks.onStart?.(upload, false);
    return upload;
  }

  /** One part over XHR (fetch cannot report upload progress), so outside the API client; the same ApiError. */
  private sendPart(id: string, n: number, blob: Blob, report: (inFlight: number) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.cancelled) return reject(new ApiError(499, 'cancelled', FILM_TEXT.uploadCancelledToast));
      const xhr = new XMLHttpRequest();
      this.xhr = xhr;
      xhr.open('PUT', `/api/uploads/${id}/parts/${n}`);
      xhr.setRequestHeader('content-type', 'application/octet-stream');
      xhr.upload.onprogress = (e) => report(e.loaded);
      xhr.onload = async () => {
        this.xhr = null;
        if (xhr.status >= 200 && xhr.status < 300) return resolve();
        reject(await errorOf(new Response(xhr.responseText, { status: xhr.status })));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', NETWORK_ERROR));
      xhr.onabort = () => reject(new ApiError(499, 'cancelled', FILM_TEXT.uploadCancelledToast));
      xhr.send(blob);
    });
  }

  /** Network failures and server hiccups are retried with a growing pause; refusals are not. */
  private async withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (err) {
        const retryable = err instanceof ApiError && (err.status === 0 || err.status >= 500);
        if (this.cancelled || !retryable || i > RETRIES) throw err;
        this.callbacks.onRetry?.(i, (err as ApiError).message);
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** (i - 1))));
        if (!navigator.onLine) await new Promise((r) => window.addEventListener('online', r, { once: true }));
      }
    }
  }
}
