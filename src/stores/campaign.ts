import type { ClientResponse } from 'hono/client';
import { atom } from 'nanostores';
import { CAMPAIGN_SCREEN_TEXT } from '../../functions/domain/campaigns/screen-texts';
import type { CampaignView } from '../../functions/services/campaigns';
import { type Answer, ApiError, api, call } from '../lib/api-client';
import { toast } from './toast';

/** What a campaign screen does with an answer: its data, or the failure's status, message and code. */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string; code?: string };

/** Sends a client request; every failure (the API's error, no network) becomes a result, never a throw. */
export async function result<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<ActionResult<Answer<R>>> {
  try {
    return { ok: true, data: await call(request) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { ok: false, status: err.status, message: err.message, code: err.code };
  }
}

/** Campaign data is fresh for 5 minutes on the campaign screens, with one retry. */
export const CAMPAIGN_FRESH_MS = 5 * 60_000;
export const CAMPAIGN_RETRIES = 1;

export interface CampaignState {
  view: CampaignView | null;
  /** gone: the campaign no longer exists or the viewer lost access (404). */
  status: 'ready' | 'loading' | 'error' | 'gone';
  fetchedAt: number;
  /** How many views replaced the one the page was rendered with (answers to actions, refreshes). */
  revision: number;
}

// The page was rendered (fresh) just before this module loaded in the browser.
export const $campaign = atom<CampaignState>({ view: null, status: 'loading', fetchedAt: Date.now(), revision: 0 });

/** The team member whose removal is being confirmed (the table's Remove buttons are server-rendered). */
export const $removingMember = atom<{ id: string; name: string } | null>(null);

let primed = false;

/**
 * What the server rendered the page with: the first island to start puts it in the store; later
 * islands and any island after an action find the store ahead of their props and leave it.
 */
export function primeCampaign(view: CampaignView | null) {
  // On the server every request shares this module: the store is the browser's only.
  if (typeof document === 'undefined' || primed || $campaign.get().revision > 0) return;
  primed = true;
  $campaign.set({ ...$campaign.get(), view, status: view ? 'ready' : 'loading' });
}

export function setCampaignView(view: CampaignView) {
  const { revision } = $campaign.get();
  $campaign.set({ view, status: 'ready', fetchedAt: Date.now(), revision: revision + 1 });
}

let inflight: Promise<void> | null = null;

/** Refetches when the data is older than 5 minutes (or when forced), retrying once on failure. */
export function refreshCampaign(id: string, force = false): Promise<void> {
  const state = $campaign.get();
  if (!force && Date.now() - state.fetchedAt < CAMPAIGN_FRESH_MS) return Promise.resolve();
  inflight ??= (async () => {
    let answer: ActionResult<{ campaign: CampaignView }> | null = null;
    for (let attempt = 0; attempt <= CAMPAIGN_RETRIES; attempt++) {
      answer = await result(api.campaigns[':id'].$get({ param: { id: id } }));
      if (answer.ok || answer.status === 404 || answer.status === 401) break;
    }
    if (answer?.ok) setCampaignView(answer.data.campaign);
    else if (answer?.status === 404) $campaign.set({ ...$campaign.get(), status: 'gone' });
    else {
      // The screen keeps what it shows, and says that it could not bring it up to date.
      toast(CAMPAIGN_SCREEN_TEXT.dataNotAvailable, 'error');
      $campaign.set({ ...$campaign.get(), status: $campaign.get().view ? 'ready' : 'error' });
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Keeps the screen fresh: when the tab comes back after the data went stale, refetch. */
export function watchFreshness(campaignId: () => string | undefined): () => void {
  const onVisible = () => {
    const id = campaignId();
    if (id && document.visibilityState === 'visible') void refreshCampaign(id);
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}

/** A campaign action (a client request); on success the answer's view (when it has one) replaces the store's. */
export async function campaignAction<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<ActionResult<Answer<R>>> {
  const answer = await result(request);
  const view = answer.ok ? (answer.data as { campaign?: CampaignView } | null)?.campaign : undefined;
  if (view) setCampaignView(view);
  return answer;
}
