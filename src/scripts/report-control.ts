import { REPORT_TEXT } from '../../functions/domain/reports/texts';
import { api, call, messageOr } from '../lib/api-client';

/**
 * The Report control (src/components/reports/ReportControl.astro): sends the reason and note of one
 * item; the server keeps one open report per person and item and says so when there is one.
 */
/** Wires one control's form (src/scripts/on-demand.ts loads this when the control is first opened). */
export function wireReport(control: HTMLElement) {
  const form = control.querySelector<HTMLFormElement>('[data-report-form]');
  const ready = control.querySelector<HTMLFieldSetElement>('[data-report-ready]');
  const error = control.querySelector<HTMLElement>('[data-report-error]');
  const sent = control.querySelector<HTMLElement>('[data-report-sent]');
  if (!form || !ready || !sent) return;
  ready.disabled = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    if (error) error.textContent = '';
    ready.disabled = true;
    const done = (text: string) => {
      form.hidden = true;
      sent.textContent = text;
      sent.hidden = false;
    };
    try {
      await call(
        api.reports.index.$post({
          json: {
            kind: control.dataset.reportControl as 'film',
            itemId: control.dataset.itemId ?? '',
            reason: String(data.get('reason') ?? '') as 'other',
            note: String(data.get('note') ?? ''),
          },
        }),
      );
      done(REPORT_TEXT.reportSent);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 409) return done(messageOr(err, REPORT_TEXT.reportAlreadyOpen));
      if (error) error.textContent = messageOr(err, REPORT_TEXT.reportFailed);
      ready.disabled = false;
    }
  });
}
