import { formatCents } from '../../../domain/campaigns/format';
import type { CampaignRow } from '../lib/access';

/** The fields whose change sends a campaign back to review, and how a change is described. */
export const REVIEWED_FIELDS = ['title', 'description', 'goalAmount', 'endDate'] as const;
type ReviewedField = (typeof REVIEWED_FIELDS)[number];

const LABEL: Record<ReviewedField, string> = {
  title: 'Title',
  description: 'Description',
  goalAmount: 'Goal',
  endDate: 'End date',
};

function show(field: ReviewedField, value: unknown) {
  return field === 'goalAmount' ? formatCents(Number(value)) : `"${String(value)}"`;
}

export function describeChanges(fields: readonly ReviewedField[], before: CampaignRow, after: Partial<CampaignRow>) {
  return fields
    .map((f) =>
      f === 'description' ? 'Description changed' : `${LABEL[f]}: ${show(f, before[f])} → ${show(f, after[f])}`,
    )
    .join('; ');
}
