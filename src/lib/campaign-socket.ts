import {
  CAMPAIGN_LIVE_PATH,
  type CampaignFigures,
  CLOSE_CAMPAIGN_GONE,
  HEARTBEAT_MS,
  PING,
  PONG,
  reconnectDelay,
} from '../../functions/realtime/protocol';

export interface CampaignSocketHandlers {
  /** The campaign's figures: on connect (correcting a cached page) and on every change. */
  figures(f: CampaignFigures): void;
  /** A socket opened. */
  open?(): void;
  /** A socket closed or failed; `first` the first time on this page. Another try follows by itself. */
  down?(first: boolean): void;
  /** The campaign stopped being public: no more tries. */
  gone?(): void;
}

/**
 * A socket to a public campaign's channel (GET {CAMPAIGN_LIVE_PATH}/<id>, docs/campaign-page.md): sends a
 * heartbeat, reconnects with backoff, and at once when the tab becomes visible or the browser goes
 * online. Returns false when the browser has no WebSocket (the caller polls instead).
 */
export function watchCampaign(campaignId: string, on: CampaignSocketHandlers): boolean {
  if (typeof WebSocket === 'undefined') return false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let gone = false;
  let failures = 0;

  function connect() {
    if (gone || socket) return;
    const url = new URL(`${CAMPAIGN_LIVE_PATH}/${encodeURIComponent(campaignId)}`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    ws.addEventListener('open', () => {
      attempt = 0;
      on.open?.();
      heartbeat = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(PING);
      }, HEARTBEAT_MS);
    });
    ws.addEventListener('message', (e) => {
      if (e.data === PONG) return;
      try {
        const figures = JSON.parse(String(e.data)) as CampaignFigures;
        if (figures.kind === 'campaign' && figures.campaignId === campaignId) on.figures(figures);
      } catch (err) {
        console.error('bad campaign figures', err);
      }
    });
    ws.addEventListener('close', (e) => {
      clearInterval(heartbeat);
      if (socket === ws) socket = null;
      if (e.code === CLOSE_CAMPAIGN_GONE) {
        // The campaign is no longer public: what the page shows stays as it was last true.
        gone = true;
        on.gone?.();
        return;
      }
      on.down?.(failures++ === 0);
      setTimeout(connect, reconnectDelay(attempt++));
    });
  }

  function reconnectNow() {
    if (!socket && !gone && document.visibilityState === 'visible') {
      attempt = 0;
      connect();
    }
  }

  connect();
  document.addEventListener('visibilitychange', reconnectNow);
  window.addEventListener('online', reconnectNow);
  return true;
}
