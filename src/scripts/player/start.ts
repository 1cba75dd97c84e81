import { watch } from './watch';

/**
 * The film page's player before its code: the page ships only this and watch.ts; media-chrome
 * (controls.ts) loads on the first intent — a pointer over the player, focus inside it, a touch — or on
 * the press itself. A press plays the native <video> at once, whether or not the controls have
 * arrived, so it is never lost (docs/performance.md, "The film page").
 */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
const DWELL_MS = 100;

let controls: Promise<unknown> | undefined;
const loadControls = () => {
  controls ??= import('./controls').catch((err) => {
    controls = undefined;
    throw err;
  });
  return controls;
};

function arm(shell: HTMLElement) {
  const root = shell.querySelector<HTMLElement>('[data-player]');
  const video = shell.querySelector<HTMLVideoElement>('[data-player-video]');
  if (!root || !video) return;
  watch(root);

  const load = () => {
    loadControls().then(
      () => {
        shell.dataset.playerReady = '';
      },
      // Without its controls the film still plays: the browser's own controls stand in.
      () => {
        video.controls = true;
      },
    );
  };
  // An intent loads the controls once the pointer, focus or finger has stayed DWELL_MS; a press within
  // that time plays first and loads them once the first frame is on its way, so the two do not compete.
  let dwell: ReturnType<typeof setTimeout> | undefined;
  const intent = () => {
    for (const type of INTENT) shell.removeEventListener(type, intent);
    dwell = setTimeout(load, DWELL_MS);
  };
  for (const type of INTENT) shell.addEventListener(type, intent, { passive: true });

  const play = () => {
    for (const type of INTENT) shell.removeEventListener(type, intent);
    if (!controls) {
      clearTimeout(dwell);
      video.addEventListener('playing', load, { once: true });
    }
    video.play().catch(load);
  };
  video.addEventListener('play', () => shell.setAttribute('data-player-started', ''), { once: true });
  shell.querySelector('[data-player-start]')?.addEventListener('click', play);
  // The bar's play button answers a click, Enter or Space until media-chrome defines it.
  const barPlay = root.querySelector<HTMLElement>('media-play-button');
  barPlay?.addEventListener('click', () => {
    if (!barPlay.matches(':defined')) play();
  });
  barPlay?.addEventListener('keydown', (e) => {
    if (barPlay.matches(':defined') || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    play();
  });
}

for (const shell of document.querySelectorAll<HTMLElement>('[data-player-shell]')) arm(shell);
