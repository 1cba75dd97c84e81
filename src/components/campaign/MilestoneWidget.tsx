import { formatCents, formatTimestamp } from '../../../functions/lib/campaign-format';
import type { CampaignView } from '../../../functions/services/campaigns/view';
import { Card } from './parts';

/** Shown when milestone_count ≥ 1: the funding increment and each milestone's state. */
export function MilestoneWidget({ view }: { view: CampaignView }) {
  const c = view.campaign;
  if (c.milestoneCount < 1) return null;
  return (
    <Card title="Milestones" className="milestones">
      <p className="muted">
        {c.milestoneCount} milestone{c.milestoneCount === 1 ? '' : 's'} reached · every{' '}
        {formatCents(c.fundingIncrement)} raised is a milestone.
        {c.extensionPending ? ' The team is voting on whether to continue to the next milestone.' : ''}
      </p>
      {view.milestones.length > 0 && (
        <ol className="milestone-list">
          {view.milestones.map((m) => (
            <li key={m.id} data-milestone={m.milestoneNumber}>
              <strong>Milestone {m.milestoneNumber}</strong> · {formatCents(m.goalAmount)}
              {m.reachedAt ? ` · reached ${formatTimestamp(m.reachedAt)}` : ' · closed when the campaign completed'} ·
              payout {m.payoutStatus}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
