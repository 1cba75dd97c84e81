import { formatTimestamp } from '../../../functions/lib/campaign-format';
import { MSG } from '../../../functions/lib/messages';
import type { CampaignView } from '../../../functions/services/campaigns/view';

/** SPEC 2: while the campaign is pending_approval. */
export function UnderReviewPanel({ view }: { view: CampaignView }) {
  if (view.campaign.status !== 'pending_approval') return null;
  const submitted = formatTimestamp(view.campaign.submittedAt);
  return (
    <section className="card under-review" aria-label={MSG.underReviewTitle} data-under-review>
      <h2>{MSG.underReviewTitle}</h2>
      <p>{MSG.underReviewBody}</p>
      <p>{MSG.underReviewNotify}</p>
      <p className="muted">{MSG.underReviewTime}</p>
      {submitted && (
        <p className="muted" data-submitted>
          Submitted {submitted}
        </p>
      )}
    </section>
  );
}
