import { type Actor, authorize } from '../../auth/authorize';
import { toldKey } from '../../domain/backing/told';
import { setStatusSchema } from '../../domain/campaigns/input';
import { type AdminSettableStatus, STATUS_LABELS } from '../../domain/campaigns/status';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { applyTransition } from './internal/transition';

const COMPLETED = { kind: 'completed' } as const;
const CANCELLED = { kind: 'cancelled' } as const;

/** An admin sets one of the admin statuses (ADMIN_SETTABLE_STATUSES) directly; the owner is told. */
export async function setCampaignStatus(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  status: AdminSettableStatus,
  reason?: string | null,
) {
  const viewer = authorize(actor, 'campaign.set-status');
  ({ status, reason } = parseInput(setStatusSchema, { status, reason }));
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'setStatus',
    action: 'setStatus',
    event: 'status_set',
    requested: status,
    reason: reason ?? null,
    set: ({ campaign }, to) => ({
      pausedFrom: to === 'paused' ? campaign.status : null,
      ...(to === 'pending_approval' ? { submittedAt: new Date() } : {}),
    }),
    effects: (uow, bell, { campaign, film }, to) => {
      // Completed by an admin: its backers hear of it (docs/backing.md, "Told").
      if (to === 'completed')
        uow.owe('tell-backers', { campaignId, event: COMPLETED }, { key: toldKey(campaignId, COMPLETED) });
      // Cancelled: its followers who get no refund hear of it (the payers, of their refund, from
      // the refund run, which tells under the same key).
      if (to === 'cancelled')
        uow.owe('tell-backers', { campaignId, event: CANCELLED }, { key: toldKey(campaignId, CANCELLED) });
      if (film.ownerId === viewer.userId) return;
      notify(uow, bell, {
        userId: film.ownerId,
        type: 'info',
        title: 'Campaign status changed',
        message: `An admin set "${campaign.title}" to ${STATUS_LABELS[to]}.`,
        campaignId,
        actorId: viewer.userId,
      });
    },
  });
  return campaign;
}
