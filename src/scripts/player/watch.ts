import { api, call } from '../../lib/api-client';

// Resume, position saves and the view count: plain <video> events, no player code, so they run with the
// page while the controls load only on intent (start.ts).
/** About how often the position is saved while playing. */
const SAVE_EVERY_MS = 10_000;

const clock = (s: number) => {
  const t = Math.max(0, Math.floor(Number.isFinite(s) ? s : 0));
  const h = Math.floor(t / 3600);
  const mm = String(Math.floor((t % 3600) / 60));
  const ss = String(t % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
};

export function watch(root: HTMLElement) {
  const video = root.querySelector<HTMLVideoElement>('[data-player-video]');
  const filmId = root.dataset.filmId;
  if (!video || !filmId) return;
  const time = root.querySelector<HTMLElement>('[data-player-time]');
  const showTime = () => {
    if (time) time.textContent = `${clock(video.currentTime)} / ${clock(video.duration)}`;
  };
  for (const type of ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'])
    video.addEventListener(type, showTime);
  showTime();
  const film = api.watch[':videoId'];
  const param = { videoId: filmId };
  let lastSaved = 0;
  let viewCounted = false;

  const save = (keepalive = false) => {
    if (!Number.isFinite(video.currentTime)) return;
    lastSaved = Date.now();
    const durationSeconds = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
    // keepalive: the save on leaving the page must survive its unload.
    void call(
      film.$put({ param, json: { positionSeconds: video.currentTime, durationSeconds } }, { init: { keepalive } }),
    )
      .then(() => {
        root.dataset.savedAt = String(video.currentTime);
      })
      .catch(() => {});
  };

  // Resume where this viewer stopped (any device): the server knows, not this browser.
  const resume = call(film.$get({ param })).catch(() => ({ resumeAt: 0 }));
  const seekToResume = async () => {
    const { resumeAt } = await resume;
    if (resumeAt > 0 && video.currentTime < 0.5) video.currentTime = resumeAt;
    root.dataset.resumedAt = String(resumeAt);
  };
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) void seekToResume();
  else video.addEventListener('loadedmetadata', () => void seekToResume(), { once: true });

  video.addEventListener('playing', () => {
    if (viewCounted) return;
    viewCounted = true;
    void film.view.$post({ param }).catch(() => {});
  });
  video.addEventListener('timeupdate', () => {
    if (!video.paused && Date.now() - lastSaved >= SAVE_EVERY_MS) save();
  });
  video.addEventListener('pause', () => save());
  video.addEventListener('seeked', () => {
    if (video.paused) save();
  });
  video.addEventListener('ended', () => save());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && !video.paused) save(true);
  });
  window.addEventListener('pagehide', () => {
    if (!video.paused) save(true);
  });
}
