import type { ClientResponse } from 'hono/client';
import { useState } from 'react';
import { CAMPAIGN_FORM_TEXT } from '../../../functions/domain/campaigns/form-texts';
import {
  ADMIN_SETTABLE_STATUSES,
  type AdminSettableStatus,
  NOT_PAUSABLE,
  STATUS_LABELS,
} from '../../../functions/domain/campaigns/status';
import type { CampaignView } from '../../../functions/services/campaigns';
import { api } from '../../lib/api-client';
import { campaignAction, result } from '../../stores/campaign';
import { toast, toastAfterNavigation } from '../../stores/toast';
import { ChangeDiff } from './ChangeDiff';
import { Card, ConfirmDialog, IslandGate } from './island-ui';
import { useCampaign } from './useCampaign';

type Confirming = 'pause' | 'delete' | 'reject' | 'set-status' | null;

/** Statuses an admin sets only after confirming: they end the campaign's funding. */
const CONFIRMED_STATUSES: readonly AdminSettableStatus[] = ['completed', 'cancelled'];

/** Makes a short link (POST /api/short-links → {code, url}) to the campaign's public page; else the full address. */
async function shareCampaign(movieId: string) {
  const path = `/movie/${movieId}/fund`;
  const res = await result(api['short-links'].index.$post({ json: { path } }));
  if (!res.ok) console.error('short link failed', res.status, res.message);
  const link = res.ok ? res.data.url || `${location.origin}/s/${res.data.code}` : `${location.origin}${path}`;
  try {
    await navigator.clipboard.writeText(link);
    toast(`Link copied: ${link}`, 'success');
  } catch {
    toast(`Share this link: ${link}`, 'info', 10_000);
  }
  return link;
}

/**
 * The island of the settings screen's actions. Before the campaign is saved, Submit only says to
 * save first; afterwards the owner's and admins' actions (below).
 */
export function CampaignActions(props: { initial: CampaignView | null; adminMode: boolean }) {
  return (
    <IslandGate>
      <Actions {...props} />
    </IslandGate>
  );
}

function Actions(props: { initial: CampaignView | null; adminMode: boolean }) {
  const { view } = useCampaign(props.initial);
  if (!view) {
    return (
      <section className="card campaign-card" aria-label="Campaign actions">
        <h2>Campaign actions</h2>
        <button
          type="button"
          className="btn"
          data-action="submit"
          onClick={() => toast(CAMPAIGN_FORM_TEXT.saveFirst, 'error')}
        >
          Submit for Approval
        </button>
      </section>
    );
  }
  if (!view.viewer.rights.edit && !view.viewer.rights.setStatus) return null;
  return <ActionsCard view={view} adminMode={props.adminMode} />;
}

/**
 * The campaign's actions for the owner and admins: submit, launch (owner only), pause (confirm;
 * disabled when paused), resume, delete (confirm), share; in admin mode also review and status.
 */
function ActionsCard({ view, adminMode }: { view: CampaignView; adminMode: boolean }) {
  const c = view.campaign;
  const { rights, can } = view.viewer;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const options = ADMIN_SETTABLE_STATUSES.filter((s) => s !== c.status);
  // The select starts on the current status (listed first); Apply waits until another is picked.
  const [picked, setNextStatus] = useState<string>(c.status);
  const nextStatus = (options as readonly string[]).includes(picked) ? (picked as AdminSettableStatus) : null;
  const campaign = api.campaigns[':id'];
  const param = { id: c.id };
  const applyStatus = (status: AdminSettableStatus) =>
    run(
      () => campaign.status.$post({ param, json: { status } }),
      `Status set to ${STATUS_LABELS[status]}`,
      CAMPAIGN_FORM_TEXT.updateFailed,
    );

  async function run(
    request: () => Promise<ClientResponse<unknown, number, string>>,
    ok: string,
    failed: string,
    notFoundText?: string,
  ) {
    setBusy(true);
    const res = await campaignAction(request());
    setBusy(false);
    setConfirming(null);
    if (!res.ok) {
      toast(res.status === 404 && notFoundText ? notFoundText : `${failed}: ${res.message}`, 'error');
      return false;
    }
    toast(ok, 'success');
    return true;
  }

  async function remove() {
    setBusy(true);
    const res = await campaignAction(campaign.$delete({ param }));
    setBusy(false);
    setConfirming(null);
    if (!res.ok) {
      toast(
        res.status === 404
          ? CAMPAIGN_FORM_TEXT.noCampaignToDelete
          : res.status === 409
            ? res.message
            : CAMPAIGN_FORM_TEXT.deleteFailed,
        'error',
      );
      return;
    }
    toastAfterNavigation(CAMPAIGN_FORM_TEXT.deleted, 'success');
    window.location.assign(adminMode ? '/admin' : '/contributor');
  }

  // Paused stays visible (disabled); under review, completed and cancelled have no Pause.
  const showPause = rights.pause && (c.status === 'paused' || !NOT_PAUSABLE.includes(c.status));
  const showSubmit = rights.submit && can.submit;
  const changes = (c.changedFields ?? []).map((f) => ({
    field: f,
    before: c.previousValues?.[f],
    after: (c as unknown as Record<string, unknown>)[f],
  }));

  return (
    <Card title="Campaign actions" className="actions-card">
      <div className="action-row">
        {showSubmit && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !view.allMembersApproved}
            data-action="submit"
            onClick={() =>
              run(
                () => campaign.submit.$post({ param }),
                CAMPAIGN_FORM_TEXT.submittedForApproval,
                CAMPAIGN_FORM_TEXT.submitFailed,
              )
            }
          >
            {view.allMembersApproved ? 'Submit for Approval' : CAMPAIGN_FORM_TEXT.waitingForTeam}
          </button>
        )}
        {c.status === 'approved' && rights.launch && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            data-action="launch"
            onClick={() =>
              run(() => campaign.launch.$post({ param }), CAMPAIGN_FORM_TEXT.launched, CAMPAIGN_FORM_TEXT.launchFailed)
            }
          >
            Launch Campaign
          </button>
        )}
        {c.status === 'approved' && !rights.launch && rights.submit && (
          <p className="muted">{CAMPAIGN_FORM_TEXT.onlyOriginatorLaunches}</p>
        )}
        {showPause && (
          <button
            type="button"
            className="btn"
            disabled={busy || c.status === 'paused'}
            data-action="pause"
            onClick={() => setConfirming('pause')}
          >
            Pause
          </button>
        )}
        {can.resume && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            data-action="resume"
            onClick={() =>
              run(() => campaign.resume.$post({ param }), 'Campaign resumed successfully', 'Failed to resume campaign')
            }
          >
            Resume
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={busy}
          data-action="share"
          onClick={() => shareCampaign(c.movieId)}
        >
          Share
        </button>
        {rights.delete && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || c.currentAmount > 0}
            title={c.currentAmount > 0 ? CAMPAIGN_FORM_TEXT.campaignHasMoney : undefined}
            data-action="delete"
            onClick={() => setConfirming('delete')}
          >
            Delete
          </button>
        )}
      </div>
      {rights.delete && c.currentAmount > 0 && (
        <p className="muted small" data-cannot-delete>
          {adminMode && rights.setStatus ? (
            CAMPAIGN_FORM_TEXT.cancelBelow
          ) : (
            <>
              {CAMPAIGN_FORM_TEXT.campaignHasMoney} {/* Only an admin sets a status: name where the Cancel is. */}
              {rights.setStatus ? (
                <a href={`/admin/edit/${c.id}/campaign`} data-cancel-where="admin">
                  {CAMPAIGN_FORM_TEXT.openAdminSettings}
                </a>
              ) : (
                <a href="/contact" data-cancel-where="contact">
                  {CAMPAIGN_FORM_TEXT.askAdminToCancel}
                </a>
              )}
              .
            </>
          )}
        </p>
      )}

      {adminMode && rights.setStatus && (
        <div className="admin-controls" data-admin-controls>
          <h3>Admin</h3>
          {c.status === 'pending_approval' && (
            <div className="review">
              <ChangeDiff changes={changes} />
              {!view.allMembersApproved && <p className="muted">{CAMPAIGN_FORM_TEXT.allMustApproveForApproval}</p>}
              <div className="action-row">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || !view.allMembersApproved}
                  data-action="approve"
                  onClick={() =>
                    run(() => campaign.approve.$post({ param }), 'Campaign approved', 'Failed to approve campaign')
                  }
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  data-action="reject"
                  onClick={() => setConfirming('reject')}
                >
                  Reject
                </button>
              </div>
            </div>
          )}
          <div className="field-row">
            <div className="field">
              <label htmlFor="admin-status">Set status</label>
              <select id="admin-status" value={nextStatus ?? c.status} onChange={(e) => setNextStatus(e.target.value)}>
                <option value={c.status}>{STATUS_LABELS[c.status]} (current)</option>
                {options.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn"
              disabled={busy || !nextStatus}
              data-action="set-status"
              onClick={() => {
                if (!nextStatus) return;
                if (CONFIRMED_STATUSES.includes(nextStatus)) setConfirming('set-status');
                else void applyStatus(nextStatus);
              }}
            >
              Apply
            </button>
          </div>
        </div>
      )}

      <ConfirmDialog
        name="pause"
        open={confirming === 'pause'}
        title="Pause this campaign?"
        body="Funding stops until the campaign is resumed."
        confirmLabel="Pause"
        busy={busy}
        onConfirm={() =>
          run(
            () => campaign.pause.$post({ param }),
            CAMPAIGN_FORM_TEXT.paused,
            CAMPAIGN_FORM_TEXT.pauseFailed,
            CAMPAIGN_FORM_TEXT.noCampaignToPause,
          )
        }
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        name="set-status"
        open={confirming === 'set-status'}
        title={`Set this campaign to ${nextStatus ? STATUS_LABELS[nextStatus] : ''}?`}
        body="Funding stops: a completed or cancelled campaign takes no more money."
        confirmLabel="Set status"
        danger
        busy={busy}
        onConfirm={() => {
          if (nextStatus) void applyStatus(nextStatus);
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        name="delete"
        open={confirming === 'delete'}
        title="Delete this campaign?"
        body="The campaign, its team and its history are deleted. This cannot be undone."
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        name="reject"
        open={confirming === 'reject'}
        title="Reject this campaign?"
        confirmLabel="Reject"
        danger
        busy={busy}
        onConfirm={() => {
          if (!reason.trim()) {
            toast(CAMPAIGN_FORM_TEXT.rejectionReasonRequired, 'error');
            return;
          }
          void run(
            () => campaign.reject.$post({ param, json: { reason: reason.trim() } }),
            'Campaign rejected',
            'Failed to reject campaign',
          );
        }}
        onCancel={() => setConfirming(null)}
      >
        <div className="field">
          <label htmlFor="reject-reason">Reason (the owner sees it)</label>
          <textarea
            id="reject-reason"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
