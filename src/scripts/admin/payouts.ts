import { toast, toastAfterNavigation } from '../../stores/toast';

/**
 * The admin's payouts page: retry a failed payout, then the page again with the outcome.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-retry]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const res = await fetch(`/api/admin/payouts/${button.dataset.retry}/retry`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    const data = (await res?.json().catch(() => null)) as {
      outcome?: { result: string; error?: string };
      error?: { message?: string };
    } | null;
    if (!res?.ok) {
      toast(data?.error?.message ?? 'The retry could not be started', 'error');
      button.disabled = false;
      return;
    }
    const outcome = data?.outcome;
    if (outcome?.result === 'completed') toastAfterNavigation('Payout sent', 'success');
    else
      toastAfterNavigation(
        `Payout ${outcome?.result ?? 'retried'}${outcome?.error ? `: ${outcome.error}` : ''}`,
        'error',
      );
    location.reload();
  });
}
