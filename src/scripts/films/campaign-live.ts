import {
  backersText,
  daysLeft,
  daysLeftText,
  localToday,
  progressPercent,
} from '../../../functions/domain/campaigns/format';
import { formatMoney } from '../../../functions/domain/money/format';
import { CAMPAIGN_POLL_MS, type CampaignFigures } from '../../../functions/realtime/protocol';

import { api, call } from '../../lib/api-client';
import { watchCampaign } from '../../lib/campaign-socket';

/**
 * The film page's campaign figures, live: a socket to the campaign's channel sends raised, backers
 * and state on connect (correcting a cached page at once) and on every change. While no socket is
 * open the page reads GET /api/campaigns/:id/funding every 30 s instead. See docs/campaign-page.md.
 */
const block = document.querySelector<HTMLElement>('[data-public-campaign]');
const campaignId = block?.dataset.publicCampaign ?? '';

// Days left counts from the viewer's today, not the server's (an ended campaign shows its end date instead).
for (const el of block?.querySelectorAll<HTMLElement>('[data-days-left][data-end-date]') ?? [])
  el.textContent = daysLeftText(daysLeft(el.dataset.endDate ?? '', localToday()));

type Shown = Omit<CampaignFigures, 'kind' | 'escrow' | 'released' | 'refunded'> &
  Partial<Pick<CampaignFigures, 'escrow' | 'released' | 'refunded'>>;

function show(f: Shown) {
  if (!block) return;
  block.dataset.state = f.state;
  const raised = block.querySelector<HTMLElement>('[data-live-raised]');
  if (raised) raised.textContent = formatMoney(f.raised);
  const progress = block.querySelector<HTMLProgressElement>('[data-live-progress]');
  if (progress) {
    const percent = progressPercent(f.raised, f.goal);
    progress.max = f.goal;
    progress.value = Math.min(f.raised, f.goal);
    progress.textContent = `${percent}%`;
    progress.setAttribute('aria-label', `Raised ${percent}% of the goal`);
  }
  const backers = block.querySelector<HTMLElement>('[data-live-backers]');
  if (backers) {
    backers.dataset.count = String(f.backers);
    backers.textContent = backersText(f.backers);
  }
  const label = block.querySelector<HTMLElement>('[data-live-state-label]');
  if (label) label.textContent = f.stateLabel;
  for (const link of document.querySelectorAll<HTMLElement>('[data-fund], [data-donate], [data-guests-donate]'))
    link.hidden = !f.takingPayments;
  // The money breakdown's figures that payments and refunds move (its shares change only at a release).
  const breakdown = document.querySelector<HTMLElement>(`[data-breakdown="${CSS.escape(campaignId)}"]`);
  if (breakdown && f.escrow !== undefined) {
    const figures: Record<string, number | undefined> = {
      raised: f.raised,
      released: f.released,
      escrow: f.escrow,
      refunded: f.refunded,
    };
    for (const [key, cents] of Object.entries(figures)) {
      const el = breakdown.querySelector<HTMLElement>(`[data-figure="${key}"]`);
      if (el && cents !== undefined) el.textContent = formatMoney(cents);
    }
  }
}

let poll: ReturnType<typeof setInterval> | undefined;

async function readOnce() {
  try {
    const { funding } = await call(api.campaigns[':id'].funding.$get({ param: { id: campaignId } }));
    show({
      campaignId,
      raised: funding.raisedCents,
      goal: funding.goalCents,
      backers: funding.backers,
      status: funding.status,
      state: funding.state,
      stateLabel: funding.stateLabel,
      takingPayments: funding.takingPayments,
    });
  } catch {
    // Offline or refused: the next poll tries again.
  }
}

function startPolling() {
  if (poll !== undefined) return;
  poll = setInterval(() => void readOnce(), CAMPAIGN_POLL_MS);
}

function stopPolling() {
  clearInterval(poll);
  poll = undefined;
}

if (block && campaignId) {
  const live = watchCampaign(campaignId, {
    figures: show,
    open: stopPolling,
    // The first time sockets fail, read once at once (the page may be a cached copy), then poll.
    down(first) {
      if (first) void readOnce();
      startPolling();
    },
    gone: stopPolling,
  });
  if (!live) {
    // No sockets in this browser: correct a cached page now, then poll.
    void readOnce();
    startPolling();
  }
}
