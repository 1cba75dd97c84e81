import type { CampaignStatus } from '../../../functions/lib/campaign-status';
import { progressFill, progressSteps } from '../../../functions/lib/campaign-status';
import { Bar } from './parts';

/**
 * The four-step tracker (SPEC 4): each step completed, current or upcoming; the line fills 33.33 %
 * per completed step; only the current step is a button.
 */
export function ProgressTracker(props: {
  status: CampaignStatus;
  allMembersApproved: boolean;
  onStep?: (step: number) => void;
}) {
  const steps = progressSteps(props.status, props.allMembersApproved);
  const fill = progressFill(steps);
  return (
    <nav className="tracker" aria-label="Campaign progress" data-tracker>
      <div className="tracker-line" aria-hidden="true">
        <Bar className="tracker-fill" percent={fill} data-fill={fill} />
      </div>
      <ol>
        {steps.map((s) => (
          <li key={s.number} className={`step step-${s.state}`} data-step={s.number} data-state={s.state}>
            {s.clickable ? (
              <button type="button" className="step-dot" aria-current="step" onClick={() => props.onStep?.(s.number)}>
                {s.number}
              </button>
            ) : (
              <span className="step-dot" aria-hidden="true">
                {s.state === 'completed' ? '✓' : s.number}
              </span>
            )}
            <span className="step-label">{s.label}</span>
            {s.warning && (
              <span className="step-warning" data-step-warning>
                {s.warning}
              </span>
            )}
            {s.note && <span className="step-note muted">{s.note}</span>}
            <span className="sr-only">({s.state})</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
