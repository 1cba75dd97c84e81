import { daysLeft, formatCents, formatDate, progressPercent } from '../../../functions/lib/campaign-format';
import { localToday } from '../../../functions/lib/campaign-validation';
import type { CampaignView } from '../../../functions/services/campaigns/view';
import { InvitationPanel } from './InvitationPanel';
import { MilestoneWidget } from './MilestoneWidget';
import { NotFoundState } from './NotFoundState';
import { ProgressTracker } from './ProgressTracker';
import { Bar, StatusBadge } from './parts';
import { RefundsNotice } from './RefundsNotice';
import { RevenueSharing } from './RevenueSharing';
import { UnderReviewPanel } from './UnderReviewPanel';
import { useCampaign } from './useCampaign';
import { VoteDialog } from './VoteDialog';
import './campaign.css';

/**
 * The campaign progress screen (SPEC 2): overview (goal, raised, days left, percent, end date),
 * progress steps, the team with shares, and the invitee's card with Approve & Join and Decline.
 */
export default function CampaignProgress(props: { initial: CampaignView }) {
  const state = useCampaign(props.initial);
  const view = state.view;
  if (state.status === 'gone' || !view) return <NotFoundState kind="campaign" />;
  const c = view.campaign;
  const percent = progressPercent(c.currentAmount, c.goalAmount);
  const isOwner = view.viewer.relation.isOwner;
  return (
    <div className="campaign-screen" data-campaign-progress>
      <InvitationPanel view={view} variant="card" />
      <header className="campaign-head">
        <div>
          <p className="muted eyebrow">{view.film.title}</p>
          <h1>{c.title}</h1>
        </div>
        <div className="head-actions">
          <StatusBadge status={view.displayStatus} label={view.displayLabel} />
          {isOwner && (
            <a className="btn" href={`/contributor/edit-campaign/${c.id}`} data-action="edit-details">
              Edit Campaign Details
            </a>
          )}
        </div>
      </header>
      <section className="card overview" aria-label="Overview" data-overview>
        <dl>
          <div>
            <dt>Goal</dt>
            <dd data-goal>{formatCents(c.goalAmount)}</dd>
          </div>
          <div>
            <dt>Raised</dt>
            <dd data-raised>{formatCents(c.currentAmount)}</dd>
          </div>
          <div>
            <dt>Days left</dt>
            <dd data-days-left>{daysLeft(c.endDate, localToday())}</dd>
          </div>
          <div>
            <dt>Progress</dt>
            <dd data-percent>{percent}%</dd>
          </div>
          <div>
            <dt>Ends</dt>
            <dd>{formatDate(c.endDate)}</dd>
          </div>
        </dl>
        <div
          className="meter"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="Funded"
        >
          <Bar className="meter-fill" percent={percent} />
        </div>
      </section>
      <ProgressTracker
        status={c.status}
        allMembersApproved={view.allMembersApproved}
        onStep={() => {
          if (view.viewer.rights.edit) window.location.assign(`/contributor/edit-campaign/${c.id}`);
        }}
      />
      <UnderReviewPanel view={view} />
      <VoteDialog view={view} />
      <RefundsNotice view={view} />
      <MilestoneWidget view={view} />
      <RevenueSharing view={view} manage={false} />
    </div>
  );
}
