import { formatCents } from '../../../functions/lib/campaign-format';
import { fillMessage, MSG } from '../../../functions/lib/messages';
import type { CampaignView } from '../../../functions/services/campaigns/view';

/** A cancelled campaign's payments: refunded in full to their payers (or on their way back). */
export function RefundsNotice({ view }: { view: CampaignView }) {
  const r = view.refunds;
  if (!r || (r.count === 0 && !r.inProgress)) return null;
  const text = r.inProgress
    ? MSG.campaignRefunding
    : fillMessage(MSG.campaignRefunded, {
        payments: `${r.count} ${r.count === 1 ? 'payment' : 'payments'}`,
        amount: formatCents(r.cents),
      });
  return (
    <p className="card muted" role="status" data-refunds={r.inProgress ? 'in-progress' : 'done'}>
      {text}
    </p>
  );
}
