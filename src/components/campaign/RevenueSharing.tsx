import { useEffect, useRef, useState } from 'react';
import { chainName } from '../../../functions/lib/chain-info';
import { MSG } from '../../../functions/lib/messages';
import { formatPercent, totalIsBalanced } from '../../../functions/lib/shares';
import type { CampaignView, TeamMemberView } from '../../../functions/services/campaigns/view';
import { api } from '../../lib/campaign-api';
import { campaignAction } from '../../stores/campaign';
import { toast } from '../../stores/toast';
import { Card, ConfirmDialog } from './parts';

interface Candidate {
  userId: string;
  username: string;
  avatarUrl: string | null;
}

const nameOf = (m: { username: string | null }) => m.username ?? MSG.unknownContributor;

/** Whether a team member has linked a wallet (coins pay out to it), and on which chains. */
function WalletCell({ chainIds = [] }: { chainIds?: number[] }) {
  if (chainIds.length === 0) return <span className="badge badge-wait">No wallet</span>;
  const names = [...chainIds]
    .sort((a, b) => a - b)
    .map((id) => chainName([], id))
    .join(', ');
  return (
    <span className="badge badge-ok" title={names}>
      Wallet linked <span className="sr-only">({names})</span>
    </span>
  );
}

/** Search by username (trimmed, case-insensitive, without the owner and members) and invite. */
function AddMember({ view }: { view: CampaignView }) {
  const [q, setQ] = useState('');
  const [results, setResults] = useState<Candidate[]>([]);
  const [selected, setSelected] = useState<Candidate | null>(null);
  const [role, setRole] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    const text = q.trim();
    if (!text) {
      setResults([]);
      return;
    }
    timer.current = setTimeout(async () => {
      const res = await api<{ users: Candidate[] }>(
        `/api/campaigns/${view.campaign.id}/candidates?q=${encodeURIComponent(text)}`,
      );
      if (res.ok) setResults(res.data.users);
      else console.error('user search failed', res.message);
    }, 250);
    return () => clearTimeout(timer.current);
  }, [q, view.campaign.id]);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!selected) {
      toast(MSG.selectUser, 'error');
      return;
    }
    setBusy(true);
    const res = await campaignAction(`/api/campaigns/${view.campaign.id}/members`, 'POST', {
      userId: selected.userId,
      role: role.trim() || null,
    });
    setBusy(false);
    if (!res.ok) {
      toast(`${MSG.addContributorFailed}: ${res.message}`, 'error');
      return;
    }
    toast(MSG.contributorAdded, 'success');
    setSelected(null);
    setQ('');
    setRole('');
  }

  return (
    <form className="add-member" onSubmit={add} noValidate data-add-member>
      <h3>Add a team member</h3>
      <div className="field-row">
        <div className="field">
          <label htmlFor="member-search">Username</label>
          <input
            id="member-search"
            type="search"
            autoComplete="off"
            placeholder="Search by username"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setSelected(null);
            }}
            disabled={busy}
          />
        </div>
        <div className="field">
          <label htmlFor="member-role">Role</label>
          <input
            id="member-role"
            placeholder="Contributor"
            maxLength={60}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            disabled={busy}
          />
        </div>
      </div>
      {selected ? (
        <p data-selected-user>
          Selected: <strong>{selected.username}</strong>
        </p>
      ) : (
        results.length > 0 && (
          <ul className="candidates" aria-label="Matching users">
            {results.map((u) => (
              <li key={u.userId}>
                <button type="button" className="btn" data-candidate={u.username} onClick={() => setSelected(u)}>
                  {u.username}
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-action="add-member">
        Add to team
      </button>
    </form>
  );
}

/**
 * Revenue Sharing (SPEC 2, 4, 9): the platform fee, the originator and every member with role,
 * share and approval; the total in green within 0.05 of 100 %; the note that the rounding remainder
 * goes to the originator. The owner and admins add and remove members here.
 */
export function RevenueSharing({ view, manage = true }: { view: CampaignView; manage?: boolean }) {
  const c = view.campaign;
  const [removing, setRemoving] = useState<TeamMemberView | null>(null);
  const [busy, setBusy] = useState(false);
  const total =
    c.platformFeePercentage * 10 + c.originatorSharePermille + view.team.reduce((s, m) => s + m.sharePermille, 0);
  const balanced = totalIsBalanced(total / 10);
  const canManage = manage && view.viewer.can.manageTeam;

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const res = await campaignAction(`/api/campaigns/${c.id}/members/${removing.id}`, 'DELETE');
    setBusy(false);
    setRemoving(null);
    if (!res.ok) {
      toast(`${MSG.removeContributorFailed}: ${res.message}`, 'error');
      return;
    }
    toast(MSG.contributorRemoved, 'success');
  }

  return (
    <Card title="Revenue Sharing" className="revenue-card">
      <table className="shares" data-shares>
        <thead>
          <tr>
            <th scope="col">Team member</th>
            <th scope="col">Role</th>
            <th scope="col">Share</th>
            <th scope="col">Approval</th>
            <th scope="col">Wallet</th>
            {canManage && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          <tr data-share-row="platform">
            <td>Platform fee</td>
            <td className="muted">Reelfund</td>
            <td>{formatPercent(c.platformFeePercentage * 10)}</td>
            <td />
            <td />
            {canManage && <td />}
          </tr>
          <tr data-share-row="originator">
            <td>{nameOf(view.owner)}</td>
            <td>Originator</td>
            <td>{formatPercent(c.originatorSharePermille)}</td>
            <td>
              <span className="badge badge-ok">Originator</span>
            </td>
            <td data-wallet={view.owner.walletChainIds?.length ? 'linked' : 'none'}>
              <WalletCell chainIds={view.owner.walletChainIds} />
            </td>
            {canManage && <td />}
          </tr>
          {view.team.map((m) => (
            <tr key={m.id} data-share-row="member" data-member={nameOf(m)} data-approved={m.approved}>
              <td>{nameOf(m)}</td>
              <td>{m.role}</td>
              <td>{formatPercent(m.sharePermille)}</td>
              <td>
                <span className={`badge ${m.approved ? 'badge-ok' : 'badge-wait'}`}>
                  {m.approved ? 'Approved' : 'Pending'}
                </span>
              </td>
              <td data-wallet={m.walletChainIds?.length ? 'linked' : 'none'}>
                <WalletCell chainIds={m.walletChainIds} />
              </td>
              {canManage && (
                <td>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    onClick={() => setRemoving(m)}
                    data-action="remove-member"
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className={balanced ? 'total-ok' : 'total-off'} data-total data-balanced={balanced}>
              {formatPercent(total)}
            </td>
            <td />
            <td />
            {canManage && <td />}
          </tr>
        </tfoot>
      </table>
      <p className="muted small">{MSG.remainderNote}</p>
      {canManage && <AddMember view={view} />}
      {manage && view.viewer.rights.manageTeam && !view.viewer.can.manageTeam && (
        <p className="muted">{MSG.teamLocked}</p>
      )}
      <ConfirmDialog
        name="remove-member"
        open={removing !== null}
        title="Remove this team member?"
        body={
          removing
            ? `${nameOf(removing)} leaves the team; every share is recalculated and every member approves again.`
            : ''
        }
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
