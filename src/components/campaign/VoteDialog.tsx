import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCents } from '../../../functions/domain/campaigns/format';
import { VOTE_TEXT } from '../../../functions/domain/milestones/texts';
import { SITE_TEXT } from '../../../functions/domain/site/texts';
import type { CampaignView } from '../../../functions/services/campaigns';
import type { ExtensionVoteView } from '../../../functions/services/milestones';
import { api } from '../../lib/api-client';
import { refreshCampaign, result } from '../../stores/campaign';
import { onRealtime } from '../../stores/notifications';
import { toast } from '../../stores/toast';
import { useCampaign } from './useCampaign';

/** The vote dialog closes 2 s after voting completes. */
export const VOTE_DIALOG_CLOSE_MS = 2000;
/** While waiting for the rest of the team, the screen re-reads the campaign this often (besides live events). */
const WAITING_REFRESH_MS = 5000;

type Phase = 'ask' | 'sending' | 'waiting' | 'done';

/**
 * The milestone vote: when the campaign reached its goal and the team is voting,
 * each member (originator and approved contributors) chooses to extend to the next increment or to
 * complete. The server decides everything (who may vote, one vote per member, the outcome); this
 * dialog asks, shows who has voted, and closes 2 s after the vote is complete.
 */
export function VoteDialog(props: { initial: CampaignView }) {
  const { view } = useCampaign(props.initial);
  return view ? <VoteFlow view={view} /> : null;
}

function VoteFlow({ view }: { view: CampaignView }) {
  const c = view.campaign;
  const ref = useRef<HTMLDialogElement>(null);
  const [ext, setExt] = useState<ExtensionVoteView | null>(null);
  const [phase, setPhase] = useState<Phase>('ask');
  const [dismissed, setDismissed] = useState(false);
  // The round this dialog asked about: once the server closes it, its outcome is shown.
  const [round, setRound] = useState<number | null>(null);
  const related = view.viewer.relation.isOwner || view.viewer.relation.isMember;

  const load = useCallback(async () => {
    const res = await result(api.campaigns[':id']['extension-vote'].$get({ param: { id: c.id } }));
    if (res.ok) setExt(res.data.extension);
  }, [c.id]);

  // The vote's state is read when the campaign says a vote is open (and again after each change).
  useEffect(() => {
    if (related && (c.extensionPending || round !== null)) void load();
  }, [related, c.extensionPending, round, load]);

  const mayVote = Boolean(ext?.open && ext.viewerMayVote);
  useEffect(() => {
    if (mayVote && ext && round === null) setRound(ext.round);
  }, [mayVote, ext, round]);

  // The round this member was asked about closed (their vote or another's was the last).
  useEffect(() => {
    if (round === null || phase === 'done' || phase === 'sending' || !ext) return;
    if (ext.open && ext.round === round) return;
    setPhase('done');
    void refreshCampaign(c.id, true);
  }, [ext, round, phase, c.id]);

  useEffect(() => {
    if (phase !== 'done') return;
    const t = setTimeout(() => setDismissed(true), VOTE_DIALOG_CLOSE_MS);
    return () => clearTimeout(t);
  }, [phase]);

  // While waiting for the others: live events and a slow poll re-read the vote.
  useEffect(() => {
    if (phase !== 'waiting') return;
    const refresh = () => void load();
    const stop = onRealtime(refresh);
    const timer = setInterval(refresh, WAITING_REFRESH_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [phase, load]);

  const open = !dismissed && round !== null && (phase !== 'ask' || mayVote);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  async function vote(extend: boolean) {
    setPhase('sending');
    const res = await result(
      api.functions['vote-campaign-extension'].$post({
        json: { campaignId: c.id, userId: view.viewer.userId, vote: extend },
      }),
    );
    if (!res.ok) {
      setPhase('ask');
      toast(VOTE_TEXT.voteFailed, 'error');
      return;
    }
    toast(
      VOTE_TEXT.voteRecorded,
      'success',
      4000,
      extend ? VOTE_TEXT.voteRecordedExtend : VOTE_TEXT.voteRecordedComplete,
    );
    // Read the vote back first, so the list shows this member's vote as soon as the phase changes.
    await load();
    setPhase(res.data.votingComplete ? 'done' : 'waiting');
    if (res.data.votingComplete) await refreshCampaign(c.id, true);
  }

  if (!ext) return null;
  const members = ext.members;
  const voted = members.filter((m) => m.vote !== null).length;
  const shownPhase = phase === 'sending' ? 'ask' : phase;
  // The closed round's votes say how it ended (all extend → extended), whatever order the reads came in.
  const outcome =
    ext.round === round && !ext.open
      ? members.every((m) => m.vote === true)
        ? 'extend'
        : 'complete'
      : c.status === 'completed'
        ? 'complete'
        : 'extend';

  return (
    <>
      {!open && ext.open && (mayVote || ext.viewerVote !== null) && (
        <div className="card vote-banner" data-vote-banner>
          <p>
            <strong>Milestone {ext.milestoneNumber} reached.</strong>{' '}
            {mayVote
              ? 'Your vote is needed to continue or complete the campaign.'
              : `You voted. Waiting for the rest of the team: ${voted} of ${members.length} voted.`}
          </p>
          {mayVote && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setRound(ext.round);
                setDismissed(false);
              }}
            >
              Vote now
            </button>
          )}
        </div>
      )}
      <dialog
        ref={ref}
        className="campaign-dialog vote-dialog"
        data-dialog="vote"
        data-phase={shownPhase}
        aria-labelledby="vote-title"
        onCancel={(e) => {
          e.preventDefault();
          if (phase !== 'sending') setDismissed(true);
        }}
      >
        {phase === 'done' ? (
          <>
            <h2 id="vote-title">Voting complete</h2>
            <p data-vote-outcome={outcome}>
              {outcome === 'complete'
                ? 'The team chose to complete the campaign. The milestone’s funds are being paid out by share.'
                : `Everyone voted to extend: the campaign continues to its next goal of ${formatCents(ext.nextGoalAmount)}. The milestone’s funds are being paid out by share.`}
            </p>
          </>
        ) : (
          <>
            <h2 id="vote-title">Milestone {ext.milestoneNumber} reached</h2>
            <p className="muted">
              The campaign raised {formatCents(ext.raisedAmount)} and reached its goal of{' '}
              {formatCents(ext.goalAmount ?? c.goalAmount)}. Payments are paused until the team decides. If every member
              votes to extend, the goal grows by {formatCents(c.fundingIncrement)} to {formatCents(ext.nextGoalAmount)}{' '}
              and funding resumes; otherwise the campaign completes.
            </p>
            <ul className="vote-members" aria-label="Team votes">
              {members.map((m) => (
                <li key={m.userId} data-member-vote={m.vote === null ? 'pending' : m.vote ? 'extend' : 'complete'}>
                  <span>{m.username ?? SITE_TEXT.unknownContributor}</span>
                  <span className="muted">
                    {m.userId === view.viewer.userId && m.vote !== null
                      ? m.vote
                        ? 'You voted to extend'
                        : 'You voted to complete'
                      : m.vote === null
                        ? 'Not voted yet'
                        : 'Voted'}
                  </span>
                </li>
              ))}
            </ul>
            {phase === 'waiting' ? (
              <p data-vote-waiting>
                Waiting for the rest of the team: {voted} of {members.length} voted.
              </p>
            ) : null}
            <div className="dialog-actions">
              {phase === 'waiting' ? (
                <button type="button" className="btn" onClick={() => setDismissed(true)}>
                  Close
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => setDismissed(true)}
                    disabled={phase === 'sending'}
                  >
                    Decide later
                  </button>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => void vote(false)}
                    disabled={phase === 'sending'}
                    data-vote="complete"
                  >
                    Complete campaign
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => void vote(true)}
                    disabled={phase === 'sending'}
                    data-vote="extend"
                  >
                    Extend to {formatCents(ext.nextGoalAmount)}
                  </button>
                </>
              )}
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
