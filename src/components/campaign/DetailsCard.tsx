import type { InferRequestType } from 'hono/client';
import { useState } from 'react';
import { CAMPAIGN_FORM_TEXT } from '../../../functions/domain/campaigns/form-texts';
import { formatCents, localToday } from '../../../functions/domain/campaigns/format';
import { DEFAULT_PLATFORM_FEE } from '../../../functions/domain/campaigns/shares';
import {
  dollarsToCents,
  type FieldError,
  NEW_GOAL_MAX_CENTS,
  NEW_GOAL_MIN_CENTS,
  NEW_GOAL_STEP_CENTS,
  validateCampaignFields,
  validatePlatformFee,
} from '../../../functions/domain/campaigns/validation';
import { fillText } from '../../../functions/domain/fill-text';
import type { CampaignView, EditOutcome, FilmRef } from '../../../functions/services/campaigns';
import { api } from '../../lib/api-client';
import { campaignAction } from '../../stores/campaign';
import { toast } from '../../stores/toast';
import { Card, IslandGate, StatusBadge } from './island-ui';
import { useCampaign } from './useCampaign';

const OUTCOME_TOAST: Record<EditOutcome, string> = {
  unchanged: CAMPAIGN_FORM_TEXT.savedSuccessfully,
  saved: CAMPAIGN_FORM_TEXT.savedSuccessfully,
  review: CAMPAIGN_FORM_TEXT.updatedForReview,
  extension: CAMPAIGN_FORM_TEXT.extensionSaved,
};

type CreateBody = InferRequestType<typeof api.campaigns.index.$post>['json'];
type EditBody = InferRequestType<(typeof api.campaigns)[':id']['$patch']>['json'];

const centsToInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/**
 * Campaign Details: title, description, funding milestone, end date, status, and the
 * platform fee for admins. Creates the campaign for a film, or edits it; locked under review.
 */
export function DetailsCard(props: { initial: CampaignView | null; film: FilmRef; adminMode: boolean }) {
  return (
    <IslandGate>
      <Details {...props} />
    </IslandGate>
  );
}

function Details(props: { initial: CampaignView | null; film: FilmRef; adminMode: boolean }) {
  const { film, adminMode } = props;
  const { view } = useCampaign(props.initial);
  const c = view?.campaign;
  const isNew = !c;
  const canEdit = isNew || Boolean(view?.viewer.can.edit);
  const showSave = isNew || (Boolean(view?.viewer.rights.edit) && c?.status !== 'pending_approval');
  const feeEditable = adminMode && (isNew || Boolean(view?.viewer.can.editFee));
  const [title, setTitle] = useState(c?.title ?? film.title);
  const [description, setDescription] = useState(c?.description ?? '');
  const [goal, setGoal] = useState(c ? centsToInput(c.goalAmount) : '');
  const [endDate, setEndDate] = useState(c?.endDate ?? '');
  const [fee, setFee] = useState(String(c?.platformFeePercentage ?? DEFAULT_PLATFORM_FEE));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const today = localToday();
  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;

  // A goal that is not a number fails validateCampaignFields, so the bodies only ever hold numbers.
  function check(): { ok: false } | { ok: true; body: EditBody; create: CreateBody } {
    const goalAmount = dollarsToCents(goal);
    const all = { title, description, goalAmount: Number.isNaN(goalAmount) ? goal : goalAmount, endDate };
    const body: EditBody = {};
    const create: CreateBody = {
      movieId: film.id,
      title: title.trim(),
      description: description.trim(),
      goalAmount,
      endDate,
    };
    if (c) {
      if (title.trim() !== c.title) body.title = title.trim();
      if (description.trim() !== c.description) body.description = description.trim();
      if (all.goalAmount !== c.goalAmount) body.goalAmount = goalAmount; // NaN fails validation below
      if (endDate !== c.endDate) body.endDate = endDate;
    }
    const found = validateCampaignFields(isNew ? all : body, { isNew, status: c?.status, today });
    if (feeEditable) {
      const f = Number(fee);
      found.push(...validatePlatformFee(fee.trim() === '' ? Number.NaN : f));
      if (isNew) create.platformFeePercentage = f;
      else if (f !== c?.platformFeePercentage) body.platformFeePercentage = f;
    }
    setErrors(found);
    if (found[0]) {
      toast(found[0].message, 'error');
      return { ok: false };
    }
    return { ok: true, body, create };
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const checked = check();
    if (!checked.ok) return;
    setBusy(true);
    if (isNew) {
      const res = await campaignAction(api.campaigns.index.$post({ json: checked.create }));
      setBusy(false);
      if (!res.ok) {
        if (res.code === 'validation_failed') setErrors([{ field: 'title', message: res.message }]);
        toast(fillText(CAMPAIGN_FORM_TEXT.createFailed, { message: res.message }), 'error');
        return;
      }
      toast(CAMPAIGN_FORM_TEXT.savedSuccessfully, 'success');
      return;
    }
    const res = await campaignAction(api.campaigns[':id'].$patch({ param: { id: c?.id ?? '' }, json: checked.body }));
    setBusy(false);
    if (!res.ok) {
      toast(
        res.code === 'validation_failed' || res.status === 409 ? res.message : CAMPAIGN_FORM_TEXT.updateFailed,
        'error',
      );
      return;
    }
    toast(
      OUTCOME_TOAST[res.data.outcome],
      res.data.outcome === 'review' || res.data.outcome === 'extension' ? 'info' : 'success',
    );
  }

  const disabled = !canEdit || busy;
  return (
    <Card title="Campaign Details" id="campaign-details" className="details-card">
      <form onSubmit={save} noValidate data-details-form>
        <div className="field">
          <label htmlFor="campaign-title">Title</label>
          <input
            id="campaign-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            disabled={disabled}
            maxLength={200}
          />
          {errorFor('title') && (
            <p className="error-text" role="alert" data-field-error="title">
              {errorFor('title')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="campaign-description">Description</label>
          <textarea
            id="campaign-description"
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            disabled={disabled}
            maxLength={5000}
          />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="campaign-goal">Funding goal (USD)</label>
            <input
              id="campaign-goal"
              type="number"
              inputMode="decimal"
              {...(isNew
                ? { min: NEW_GOAL_MIN_CENTS / 100, max: NEW_GOAL_MAX_CENTS / 100, step: NEW_GOAL_STEP_CENTS / 100 }
                : { min: 0.01, step: 0.01 })}
              value={goal}
              onChange={(e) => setGoal(e.target.value)}
              disabled={disabled}
              aria-describedby="campaign-goal-hint"
            />
            <small id="campaign-goal-hint" className="muted">
              {isNew ? '$1,000 to $10,000, in $1,000 steps.' : 'Any amount above $0.'}
            </small>
            {errorFor('goalAmount') && (
              <p className="error-text" role="alert" data-field-error="goalAmount">
                {errorFor('goalAmount')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="campaign-end">End date</label>
            <input
              id="campaign-end"
              type="date"
              min={c?.status === 'completed' ? undefined : today}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              disabled={disabled}
            />
            {errorFor('endDate') && (
              <p className="error-text" role="alert" data-field-error="endDate">
                {errorFor('endDate')}
              </p>
            )}
          </div>
        </div>
        <dl className="facts">
          <div>
            <dt>Funding milestone</dt>
            <dd>{formatCents(c?.fundingIncrement ?? 1_000_000)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {view ? (
                <StatusBadge status={view.displayStatus} label={view.displayLabel} />
              ) : (
                <span className="muted">Not saved yet</span>
              )}
            </dd>
          </div>
          {adminMode && (
            <div>
              <dt>
                <label htmlFor="campaign-fee">Platform fee (%)</label>
              </dt>
              <dd>
                <input
                  id="campaign-fee"
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={fee}
                  onChange={(e) => setFee(e.target.value)}
                  disabled={!feeEditable || busy}
                />
                {errorFor('platformFeePercentage') && (
                  <p className="error-text" role="alert">
                    {errorFor('platformFeePercentage')}
                  </p>
                )}
              </dd>
            </div>
          )}
        </dl>
        {showSave && (
          <button type="submit" className="btn btn-primary" disabled={disabled} data-action="save">
            {isNew ? 'Create campaign' : 'Save changes'}
          </button>
        )}
      </form>
    </Card>
  );
}
