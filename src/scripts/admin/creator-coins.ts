import { deployRequestFor } from '../../../functions/domain/coins/supply';
import { COIN_TEXT } from '../../../functions/domain/coins/texts';
import { api, call } from '../../lib/api-client';
import { toastAfterNavigation } from '../../stores/toast';

/** The admins' Creator Coins tab: deploy (or retry) a coin that is ready, then the tab again with the toast. */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-deploy]')) {
  button.addEventListener('click', async () => {
    const { deploy: id = '', symbol = '', price = '0' } = button.dataset;
    button.disabled = true;
    const json = deployRequestFor({ id, creatorCoinSymbol: symbol, creatorCoinPrice: Number(price) });
    const ok = await call(api.functions['deploy-creator-coin'].$post({ json })).then(
      () => true,
      () => false,
    );
    if (!ok) {
      toastAfterNavigation(COIN_TEXT.coinDeployFailed, 'error');
      location.reload();
      return;
    }
    toastAfterNavigation(COIN_TEXT.coinDeployed, 'success');
    location.reload();
  });
}
