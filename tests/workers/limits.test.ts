import { describe, expect, it } from 'vitest';
import { CAPTIONS_MAX_TRACKS } from '../../functions/domain/films/captions';
import { makeCampaign } from './campaign-factories';
import { makeUser, ORIGIN, uid } from './factories';
import { makeFilm } from './films-support';
import { call } from './worker-call';

/**
 * Every "at most N" of docs/limits.md, held under parallel requests: each row sends N + 5 requests
 * at once and expects exactly N accepted and the rest refused with the limit's status. A limit that
 * is checked, then awaited, then written lets them all through.
 */

const EXTRA = 5;

interface Limit {
  /** As docs/limits.md names it. */
  name: string;
  max: number;
  /** The refusal's status. */
  refused: number;
  /** Sets up a fresh subject and returns one attempt (called max + EXTRA times at once). */
  prepare(): Promise<() => Promise<Response>>;
  /** What counts as accepted (default: a 2xx or 101). */
  accepted?: (res: Response) => boolean;
  /** Undo after counting (close sockets). */
  cleanup?: (responses: Response[]) => void;
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n';

const LIMITS: Limit[] = [
  {
    name: 'open film-page sockets per address and campaign',
    max: 4,
    refused: 429,
    async prepare() {
      const campaign = await makeCampaign({ status: 'live' });
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      return () =>
        call(`/api/realtime/campaigns/${campaign.id}`, {
          headers: { Upgrade: 'websocket', origin: ORIGIN, 'cf-connecting-ip': address },
        });
    },
    accepted: (res) => res.status === 101,
    cleanup(responses) {
      for (const res of responses) {
        if (!res.webSocket) continue;
        res.webSocket.accept();
        res.webSocket.close();
      }
    },
  },
  {
    name: 'caption tracks per film',
    max: CAPTIONS_MAX_TRACKS,
    refused: 400,
    async prepare() {
      const owner = await makeUser(['contributor'], 'lim_cap');
      const film = await makeFilm(owner);
      return () =>
        call(`/api/films/${film.id}/captions?language=en&label=Take-${uid()}`, {
          method: 'POST',
          headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: owner.cookie },
          body: VTT,
        });
    },
  },
];

const ok = (res: Response) => res.status === 101 || (res.status >= 200 && res.status < 300);

describe('every limit holds under parallel requests (docs/limits.md)', () => {
  it.each(LIMITS.map((l) => [l.name, l] as const))('%s', async (_name, limit) => {
    const attempt = await limit.prepare();
    const responses = await Promise.all(Array.from({ length: limit.max + EXTRA }, () => attempt()));
    const accepted = responses.filter(limit.accepted ?? ok);
    const statuses = responses.map((r) => r.status);
    limit.cleanup?.(responses);
    expect(accepted.length, `statuses: ${statuses.join(' ')}`).toBe(limit.max);
    expect(statuses.filter((s) => s === limit.refused).length, `statuses: ${statuses.join(' ')}`).toBe(EXTRA);
  });
});
