import { MSG } from '../../../functions/lib/messages';
import { isAdmin, type Role } from '../../../functions/lib/roles';
import type { CampaignView } from '../../../functions/services/campaigns/view';
import type { FilmRef } from '../../../functions/shared/campaigns/access';
import { toast } from '../../stores/toast';
import { CampaignActions } from './CampaignActions';
import { CoinsCard } from './CoinsCard';
import { DetailsCard } from './DetailsCard';
import { InvitationPanel } from './InvitationPanel';
import { MilestoneWidget } from './MilestoneWidget';
import { NotFoundState } from './NotFoundState';
import { ProgressTracker } from './ProgressTracker';
import { StatusBadge } from './parts';
import { RefundsNotice } from './RefundsNotice';
import { RevenueSharing } from './RevenueSharing';
import { UnderReviewPanel } from './UnderReviewPanel';
import { useCampaign } from './useCampaign';
import { VoteDialog } from './VoteDialog';
import './campaign.css';

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * The campaign settings screen (SPEC 2): invitation banner, tracker, milestones, Under Review,
 * Campaign Details, the admin-only Creator Coins card and Revenue Sharing — or, for a film without
 * a campaign, the form that creates one. Every action is decided again by the server.
 */
export default function CampaignSettings(props: {
  initial: CampaignView | null;
  film: FilmRef;
  adminMode: boolean;
  viewerRoles: Role[];
}) {
  const state = useCampaign(props.initial);
  const view = state.view;
  const adminMode = props.adminMode && isAdmin(props.viewerRoles);
  if (state.status === 'gone') return <NotFoundState kind="campaign" />;

  const onStep = (step: number) => {
    if (step === 1) scrollTo('campaign-details');
    else if (step === 4 && view) window.location.assign(`/contributor/campaign-progress/${view.campaign.id}`);
    else scrollTo('campaign-actions');
  };

  return (
    <div className="campaign-screen" data-campaign-settings data-mode={view ? 'edit' : 'create'}>
      {view && <InvitationPanel view={view} variant="banner" />}
      <header className="campaign-head">
        <div>
          <p className="muted eyebrow">{props.film.title}</p>
          <h1>{view ? view.campaign.title : 'Start a campaign'}</h1>
        </div>
        {view && <StatusBadge status={view.displayStatus} label={view.displayLabel} />}
      </header>
      <ProgressTracker
        status={view?.campaign.status ?? 'active'}
        allMembersApproved={view?.allMembersApproved ?? true}
        onStep={onStep}
      />
      {view && <VoteDialog view={view} />}
      {view && <MilestoneWidget view={view} />}
      {view && <UnderReviewPanel view={view} />}
      {view && <RefundsNotice view={view} />}
      {view?.campaign.status === 'rejected' && view.campaign.rejectionReason && (
        <section className="card rejected-note" aria-label="Rejected">
          <h2>Not approved</h2>
          <p>{view.campaign.rejectionReason}</p>
        </section>
      )}
      <div className="campaign-grid">
        <div className="campaign-main">
          <DetailsCard view={view} film={props.film} adminMode={adminMode} />
          {view ? (
            <RevenueSharing view={view} />
          ) : (
            <section className="card campaign-card" aria-label="Revenue Sharing">
              <h2>Revenue Sharing</h2>
              <p className="muted">Save the campaign, then invite your team here.</p>
            </section>
          )}
        </div>
        <aside className="campaign-side" id="campaign-actions">
          {view && (view.viewer.rights.edit || view.viewer.rights.setStatus) && (
            <CampaignActions view={view} adminMode={adminMode} />
          )}
          {!view && (
            <section className="card campaign-card" aria-label="Campaign actions">
              <h2>Campaign actions</h2>
              <button type="button" className="btn" data-action="submit" onClick={() => toast(MSG.saveFirst, 'error')}>
                Submit for Approval
              </button>
            </section>
          )}
          {adminMode && <CoinsCard key={view?.campaign.id ?? 'new'} view={view} />}
        </aside>
      </div>
    </div>
  );
}
