import { MSG } from '../../../functions/lib/messages';

export function NotFoundState({ kind }: { kind: 'campaign' | 'video' }) {
  return (
    <div className="empty-state" data-empty-state data-not-found={kind}>
      <h2>{kind === 'campaign' ? MSG.campaignNotFoundState : MSG.videoNotFoundState}</h2>
      <p>{kind === 'campaign' ? MSG.campaignNotFoundBody : MSG.videoNotFound}</p>
      <a className="btn" href="/contributor">
        Back to your dashboard
      </a>
    </div>
  );
}
