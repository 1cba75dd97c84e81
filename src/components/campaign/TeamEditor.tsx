import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { TEAM_TEXT } from '../../../functions/domain/campaigns/team-texts';
import type { CampaignView } from '../../../functions/services/campaigns';
import { api } from '../../lib/api-client';
import { $removingMember, campaignAction, result } from '../../stores/campaign';
import { toast } from '../../stores/toast';
import { ConfirmDialog, IslandGate } from './island-ui';
import { useCampaign, useHydrated } from './useCampaign';

interface Candidate {
  userId: string;
  username: string;
  avatarUrl: string | null;
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
      const res = await result(
        api.campaigns[':id'].candidates.$get({ param: { id: view.campaign.id }, query: { q: text } }),
      );
      if (res.ok) setResults(res.data.users);
      else console.error('user search failed', res.message);
    }, 250);
    return () => clearTimeout(timer.current);
  }, [q, view.campaign.id]);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!selected) {
      toast(TEAM_TEXT.selectUser, 'error');
      return;
    }
    setBusy(true);
    const res = await campaignAction(
      api.campaigns[':id'].members.$post({
        param: { id: view.campaign.id },
        json: { userId: selected.userId, role: role.trim() || null },
      }),
    );
    setBusy(false);
    if (!res.ok) {
      toast(`${TEAM_TEXT.addContributorFailed}: ${res.message}`, 'error');
      return;
    }
    toast(TEAM_TEXT.contributorAdded, 'success');
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
 * Adding and removing team members, under the server-rendered Revenue Sharing table: the search
 * form while the team may change, and the confirmation for the table's Remove buttons. The owner
 * and admins see it; the server decides again.
 */
export function TeamEditor(props: { initial: CampaignView | null }) {
  const { view } = useCampaign(props.initial);
  // A Remove press may come before this island loads (the buttons are the table's): the hydrating render
  // draws the dialog closed, as the server did, and the render after it opens it.
  const hydrated = useHydrated();
  const asked = useStore($removingMember);
  const removing = hydrated ? asked : null;
  const [busy, setBusy] = useState(false);
  const campaignId = view?.campaign.id;

  async function remove() {
    if (!removing || !campaignId) return;
    setBusy(true);
    const res = await campaignAction(
      api.campaigns[':id'].members[':memberId'].$delete({ param: { id: campaignId, memberId: removing.id } }),
    );
    setBusy(false);
    $removingMember.set(null);
    if (!res.ok) {
      toast(`${TEAM_TEXT.removeContributorFailed}: ${res.message}`, 'error');
      return;
    }
    toast(TEAM_TEXT.contributorRemoved, 'success');
  }

  return (
    <IslandGate>
      {view?.viewer.can.manageTeam && <AddMember view={view} />}
      <ConfirmDialog
        name="remove-member"
        open={removing !== null}
        title="Remove this team member?"
        body={
          removing
            ? `${removing.name} leaves the team; every share is recalculated and every member approves again.`
            : ''
        }
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => $removingMember.set(null)}
      />
    </IslandGate>
  );
}
