import { formatCents } from '../../../functions/domain/campaigns/format';

const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  goalAmount: 'Goal',
  endDate: 'End date',
};
const show = (field: string, v: unknown) =>
  field === 'goalAmount' && typeof v === 'number' ? formatCents(v) : String(v ?? '');

/** The admin's before/after view of an edit that sent a campaign back to review. */
export function ChangeDiff({ changes }: { changes: { field: string; before: unknown; after: unknown }[] }) {
  if (changes.length === 0) return null;
  return (
    <table className="diff" data-diff>
      <caption>Changes waiting for re-approval</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((ch) => (
          <tr key={ch.field} data-diff-field={ch.field}>
            <th scope="row">{LABELS[ch.field] ?? ch.field}</th>
            <td className="diff-before">{show(ch.field, ch.before)}</td>
            <td className="diff-after">{show(ch.field, ch.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
