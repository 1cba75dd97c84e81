/**
 * /creator-token-management before the wallet: the Withdraw and Release buttons of each coin card. The
 * wallet code (viem, the wallet store, src/components/coins/collect.ts) loads on the first press, as
 * the coins page's buy dialog does (docs/performance.md).
 */
for (const card of document.querySelectorAll<HTMLElement>('[data-member-coin]')) {
  card.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-withdraw], [data-release]');
    if (!button || button.disabled) return;
    button.setAttribute('aria-busy', 'true');
    try {
      const { openCollect } = await import('../components/coins/collect');
      const key = button.dataset.release;
      await openCollect(card, key === 'team' || key === 'reserve' ? { kind: 'release', key } : { kind: 'withdraw' });
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
