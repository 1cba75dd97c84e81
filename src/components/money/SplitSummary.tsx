import { Fragment } from 'react';
import { formatPercent } from '../../../functions/domain/campaigns/shares';
import { PAYMENT_TEXT } from '../../../functions/domain/payments/texts';
import { SITE_TEXT } from '../../../functions/domain/site/texts';
import type { SplitShare, SplitSummary as Summary } from '../../../functions/services/campaigns';

/** One split on one line: the fee, each member's share, and the total (always 100.0 %). */
function SplitLine(props: {
  kind: 'agreed' | 'proposed';
  label: string;
  feePercent: number;
  shares: SplitShare[];
  waitingFor?: string[];
}) {
  const total = props.feePercent * 10 + props.shares.reduce((s, m) => s + m.sharePermille, 0);
  return (
    <p className={`split-line split-${props.kind}`} data-split={props.kind}>
      <strong>{props.label}:</strong>{' '}
      <span data-split-part="fee">Platform fee {formatPercent(props.feePercent * 10)}</span>
      {props.shares.map((m) => (
        <Fragment key={m.userId}>
          {', '}
          <span data-split-part={m.username ?? SITE_TEXT.unknownContributor} title={m.role}>
            {m.username ?? SITE_TEXT.unknownContributor} {formatPercent(m.sharePermille)}
          </span>
        </Fragment>
      ))}{' '}
      <span className="muted">
        (total <span data-split-total>{formatPercent(total)}</span>)
      </span>
      {props.waitingFor && props.waitingFor.length > 0 && (
        <>
          {' — waiting for '}
          <span data-waiting-for>{props.waitingFor.join(', ')}</span>
        </>
      )}
    </p>
  );
}

/**
 * The split money follows — the agreed version in force — and, apart, a change the team has not
 * all approved yet. Plain markup, no state: rendered by pages on the server and inside islands.
 */
export function SplitSummary({ split }: { split: Summary }) {
  const { agreed, proposal } = split;
  return (
    <div className="split-summary" data-split-summary>
      {agreed ? (
        <SplitLine
          kind="agreed"
          label={`Agreed split (version ${agreed.version})`}
          feePercent={agreed.feePercent}
          shares={agreed.shares}
        />
      ) : (
        <p className="split-line" data-split="agreed">
          <strong>Agreed split:</strong> none yet — the team has not agreed on a split.
        </p>
      )}
      {proposal && (
        <SplitLine
          kind="proposed"
          label="Proposed"
          feePercent={proposal.feePercent}
          shares={proposal.shares}
          waitingFor={proposal.waitingFor}
        />
      )}
      {proposal && agreed && <p className="muted split-note">{PAYMENT_TEXT.proposalNote}</p>}
    </div>
  );
}
