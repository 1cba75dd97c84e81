import type { CampaignView } from '../../../functions/services/campaigns/view';
import { NotFoundState } from './NotFoundState';
import { StatusBadge } from './parts';
import { RevenueSharing } from './RevenueSharing';
import { useCampaign } from './useCampaign';
import './campaign.css';

/** Manage film contributors: the campaign's team and shares, for the owner and admins. */
export default function TeamManager(props: { initial: CampaignView; settingsHref: string }) {
  const state = useCampaign(props.initial);
  const view = state.view;
  if (state.status === 'gone' || !view) return <NotFoundState kind="campaign" />;
  return (
    <div className="campaign-screen" data-team-manager>
      <header className="campaign-head">
        <div>
          <p className="muted eyebrow">{view.film.title}</p>
          <h1>Team of “{view.campaign.title}”</h1>
        </div>
        <div className="head-actions">
          <StatusBadge status={view.displayStatus} label={view.displayLabel} />
          <a className="btn" href={props.settingsHref}>
            Campaign settings
          </a>
        </div>
      </header>
      <RevenueSharing view={view} />
    </div>
  );
}
