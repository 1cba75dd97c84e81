import { useState } from 'react';
import { INVITATION_TEXT } from '../../../functions/domain/campaigns/invitation-texts';
import { formatPercent } from '../../../functions/domain/campaigns/shares';
import { SITE_TEXT } from '../../../functions/domain/site/texts';
import type { CampaignView } from '../../../functions/services/campaigns';
import { api } from '../../lib/api-client';
import { campaignAction } from '../../stores/campaign';
import { toast, toastAfterNavigation } from '../../stores/toast';
import { ConfirmDialog, IslandGate } from './island-ui';
import { useCampaign } from './useCampaign';

/** After joining, the campaigns tab follows in 2 seconds. */
export const JOIN_REDIRECT_MS = 2000;
export const JOINED_REDIRECT = '/contributor?tab=campaigns';

const TEXTS = {
  banner: {
    accept: 'Accept',
    joined: INVITATION_TEXT.collaborationApproved,
    acceptFailed: INVITATION_TEXT.approveInvitationFailed,
    declined: INVITATION_TEXT.campaignInvitationDeclined,
    declineFailed: INVITATION_TEXT.declineInvitationFailed,
  },
  card: {
    accept: INVITATION_TEXT.approveAndJoin,
    joined: INVITATION_TEXT.joinedCampaign,
    acceptFailed: INVITATION_TEXT.approveInvitationFailed,
    declined: INVITATION_TEXT.invitationDeclined,
    declineFailed: INVITATION_TEXT.failedToDecline,
  },
} as const;

/**
 * The invitee's own invitation: the settings screen shows it as a banner (Accept / Decline), the
 * progress screen as a card (Approve & Join / Decline). The server knows the invitee by their team row.
 */
export function InvitationPanel(props: { initial: CampaignView; variant: 'banner' | 'card' }) {
  const { view } = useCampaign(props.initial);
  return view ? (
    <IslandGate>
      <Invitation view={view} variant={props.variant} />
    </IslandGate>
  ) : null;
}

function Invitation({ view, variant }: { view: CampaignView; variant: 'banner' | 'card' }) {
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const me = view.viewer.membership;
  if (!me || !view.viewer.can.respond) return null;
  const t = TEXTS[variant];
  // A member of the agreed split, asked again after the team changed, approves a share; a newcomer joins.
  const agreedMember = Boolean(view.split.agreed?.shares.some((s) => s.userId === view.viewer.userId));
  const acceptFailed = agreedMember ? INVITATION_TEXT.approveShareFailed : t.acceptFailed;
  const owner = view.owner.username ?? SITE_TEXT.unknownContributor;

  async function accept() {
    if (!me) return;
    setBusy(true);
    const res = await campaignAction(
      api.campaigns[':id'].invitation.accept.$post({
        param: { id: view.campaign.id },
        json: { expectedSharePermille: me.sharePermille },
      }),
    );
    setBusy(false);
    if (!res.ok) {
      toast(res.status === 404 ? INVITATION_TEXT.contributorInfoNotFound : `${acceptFailed}: ${res.message}`, 'error');
      return;
    }
    if (!res.data.joined) {
      toast('Your revenue share is approved.', 'success');
      return;
    }
    toast(t.joined, 'success');
    setTimeout(() => window.location.assign(JOINED_REDIRECT), JOIN_REDIRECT_MS);
  }

  async function decline() {
    setBusy(true);
    const res = await campaignAction(
      api.campaigns[':id'].invitation.decline.$post({
        param: { id: view.campaign.id },
        json: { message: message.trim() || null },
      }),
    );
    if (!res.ok) {
      setBusy(false);
      setDeclining(false);
      const text =
        res.status === 404
          ? INVITATION_TEXT.contributorInfoNotFound
          : res.status === 409
            ? INVITATION_TEXT.unableToDecline
            : t.declineFailed;
      toast(text, 'error');
      return;
    }
    // Said on the page the decline leads to: this one is left at once.
    toastAfterNavigation(t.declined, 'success');
    window.location.assign(res.data.redirectTo);
  }

  return (
    <section
      className={variant === 'banner' ? 'invitation-banner' : 'card invitation-card'}
      aria-label="Your invitation"
      data-invitation={variant}
    >
      <div>
        <h2>{variant === 'banner' ? 'You are invited to this campaign' : 'Join this campaign'}</h2>
        <p>
          {owner} invited you to join “{view.campaign.title}” as <strong>{me.role}</strong> with a{' '}
          <strong data-my-share>{formatPercent(me.sharePermille)}</strong> revenue share.
        </p>
      </div>
      <div className="invitation-actions">
        <button type="button" className="btn btn-primary" onClick={accept} disabled={busy} data-action="accept">
          {t.accept}
        </button>
        <button type="button" className="btn" onClick={() => setDeclining(true)} disabled={busy} data-action="decline">
          Decline
        </button>
      </div>
      <ConfirmDialog
        name="decline"
        open={declining}
        title="Decline the invitation"
        body={`${owner} will be told. You can add a message for them (optional).`}
        confirmLabel="Decline"
        danger
        busy={busy}
        onConfirm={decline}
        onCancel={() => setDeclining(false)}
      >
        <div className="field">
          <label htmlFor="decline-message">Message (optional)</label>
          <textarea
            id="decline-message"
            rows={4}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
