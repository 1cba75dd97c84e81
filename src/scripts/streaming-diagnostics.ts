/**
 * The test pages' diagnostics: time from play() to the first painted frame, the media requests the
 * browser made (Resource Timing) and their bytes, buffering and decoding state, and manual range
 * probes that show the server's answer (status, Content-Range, length).
 */
const panel = document.querySelector<HTMLElement>('[data-diagnostics]');
const video = document.querySelector<HTMLVideoElement>('[data-player-video]');

const show = (name: string, text: string) => {
  const el = panel?.querySelector(`[data-${name}]`);
  if (el) el.textContent = text;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (panel && video) {
  const src = panel.dataset.src ?? '';
  let requests = 0;
  let bytes = 0;
  const seen = (entry: PerformanceResourceTiming) => {
    if (!entry.name.includes(src)) return;
    requests++;
    bytes += entry.transferSize || entry.encodedBodySize || 0;
    show('requests', String(requests));
    show('bytes', kb(bytes));
  };
  for (const e of performance.getEntriesByType('resource')) seen(e as PerformanceResourceTiming);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen(e as PerformanceResourceTiming);
  }).observe({ type: 'resource', buffered: false });

  const refresh = () => {
    const ranges: string[] = [];
    for (let i = 0; i < video.buffered.length; i++) {
      ranges.push(`${video.buffered.start(i).toFixed(1)}–${video.buffered.end(i).toFixed(1)} s`);
    }
    show('buffered', ranges.join(', ') || '—');
    show(
      'position',
      `${video.currentTime.toFixed(2)} / ${Number.isFinite(video.duration) ? video.duration.toFixed(2) : '?'} s`,
    );
    show('state', `${video.readyState} / ${video.networkState}`);
    const q = video.getVideoPlaybackQuality?.();
    if (q) show('frames', `${q.totalVideoFrames - q.droppedVideoFrames} / ${q.droppedVideoFrames}`);
    if (video.videoWidth) show('resolution', `${video.videoWidth}×${video.videoHeight}`);
  };
  for (const type of ['progress', 'timeupdate', 'loadedmetadata', 'seeked', 'playing', 'pause']) {
    video.addEventListener(type, refresh);
  }

  panel.ownerDocument.querySelector('[data-measure]')?.addEventListener('click', async () => {
    show('ttff', 'measuring…');
    video.pause();
    video.currentTime = 0;
    const start = performance.now();
    // The first painted frame (requestVideoFrameCallback) where the browser reports it; a headless or
    // hidden page may never composite one, so 'playing' with time advancing stands in for it.
    const firstFrame = new Promise<number>((resolve) => {
      const v: HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number } = video;
      v.requestVideoFrameCallback?.(() => resolve(performance.now()));
      const advanced = () => {
        if (video.currentTime > 0) {
          video.removeEventListener('timeupdate', advanced);
          resolve(performance.now());
        }
      };
      video.addEventListener('timeupdate', advanced);
    });
    try {
      await video.play();
      const ms = (await firstFrame) - start;
      show('ttff', `${ms.toFixed(0)} ms`);
      panel.dataset.ttffMs = ms.toFixed(1);
    } catch (err) {
      show('ttff', `play() failed: ${(err as Error).message}`);
    }
  });

  const log = panel.querySelector<HTMLOListElement>('[data-probe-log]');
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-probe]')) {
    button.addEventListener('click', async () => {
      const range = button.dataset.probe ?? '';
      const res = await fetch(src, { headers: { range }, credentials: 'same-origin', cache: 'no-store' });
      const body = await res.arrayBuffer();
      const li = document.createElement('li');
      li.dataset.probeResult = String(res.status);
      li.textContent = `${range} → ${res.status} ${res.headers.get('content-range') ?? ''} (${body.byteLength} B)`;
      log?.insertBefore(li, log.firstChild);
    });
  }
}
