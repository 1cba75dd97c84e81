import { api, call } from '../lib/api-client';

/**
 * Campaign cards' figures (src/components/campaigns/CampaignCard.astro) come from a list cached for a
 * minute: when the page gets focus again, every card on it is repainted from one request for all of
 * them (docs/campaigns.md). A failed refresh leaves the figures as they were.
 */
let busy = false;

const set = (card: HTMLElement, name: string, text: string | null) => {
  for (const el of card.querySelectorAll<HTMLElement>(`[data-figure="${name}"]`)) {
    el.textContent = text ?? '';
    el.hidden = text === null;
  }
};

async function refresh() {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-campaign-card]')];
  const ids = [...new Set(cards.map((c) => c.dataset.campaignCard ?? '').filter(Boolean))];
  if (busy || ids.length === 0) return;
  busy = true;
  try {
    const { figures } = await call(api.campaigns.figures.$get({ query: { ids: ids.join(',') } }));
    for (const f of figures) {
      for (const card of cards.filter((c) => c.dataset.campaignCard === f.campaignId)) {
        card.dataset.state = f.state;
        set(card, 'state', f.stateLabel);
        set(card, 'raised', f.raised);
        set(card, 'goal', f.goal);
        set(card, 'backers', f.backers);
        set(card, 'days', f.daysLeft);
        if (card.querySelector('[data-figure="need"]')) set(card, 'need', f.need);
        const bar = card.querySelector<HTMLProgressElement>('progress[data-figure="bar"]');
        if (bar) {
          bar.max = f.goalCents;
          bar.value = Math.min(f.raisedCents, f.goalCents);
          bar.textContent = `${f.percent}%`;
          const label = bar.getAttribute('aria-label') ?? '';
          bar.setAttribute('aria-label', label.replace(/raised [\d.]+%/, `raised ${f.percent}%`));
        }
      }
    }
  } catch {
    // The figures shown stay; the next focus tries again.
  } finally {
    busy = false;
  }
}

// Focus and visibility often come together: `busy` keeps that to one request.
window.addEventListener('focus', refresh);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
