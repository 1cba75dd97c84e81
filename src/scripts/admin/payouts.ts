import { api, call, messageOr } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/**
 * The admin's payouts page: retry a failed payout, then the page again with the outcome.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-retry]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    let outcome: { result: string; error?: string | null } | undefined;
    try {
      ({ outcome } = await call(
        api.admin.payouts[':id'].retry.$post(
          { param: { id: button.dataset.retry ?? '' } },
          { headers: { 'content-type': 'application/json' }, init: { body: '{}' } },
        ),
      ));
    } catch (err) {
      toast(messageOr(err, 'The retry could not be started'), 'error');
      button.disabled = false;
      return;
    }
    if (outcome?.result === 'completed') toastAfterNavigation('Payout sent', 'success');
    else
      toastAfterNavigation(
        `Payout ${outcome?.result ?? 'retried'}${outcome?.error ? `: ${outcome.error}` : ''}`,
        'error',
      );
    location.reload();
  });
}
