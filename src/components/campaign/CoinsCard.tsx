import { useState } from 'react';
import { CAMPAIGN_FORM_TEXT } from '../../../functions/domain/campaigns/form-texts';
import {
  COIN_SYMBOL_MAX,
  coinPriceToDollars,
  DEFAULT_COIN_PRICE,
  DEFAULT_COIN_SYMBOL,
  dollarsToCoinPrice,
  normalizeCoinSymbol,
  validateCoinSettings,
} from '../../../functions/domain/campaigns/validation';
import { deployRequestFor } from '../../../functions/domain/coins/supply';
import { COIN_TEXT } from '../../../functions/domain/coins/texts';
import type { CampaignView } from '../../../functions/services/campaigns';
import { api } from '../../lib/api-client';
import { campaignAction } from '../../stores/campaign';
import { toast } from '../../stores/toast';
import { Card, IslandGate } from './island-ui';
import { useCampaign } from './useCampaign';

/**
 * Admin-only Creator Coins settings: enabled, symbol (upper-cased, at most 6) and
 * price (at least $0.01 in $0.01 steps, stored in ten-thousandths of a dollar; $0.10 by default),
 * and Deploy, which deploys the coin with the saved settings (disabled while deploying, or without
 * a title or a symbol); the server checks everything else (docs/coins.md).
 */
export function CoinsCard(props: { initial: CampaignView | null }) {
  const { view } = useCampaign(props.initial);
  // Saving the new campaign starts the form again from its stored settings.
  return (
    <IslandGate>
      <CoinsForm key={view?.campaign.id ?? 'new'} view={view} />
    </IslandGate>
  );
}

function CoinsForm({ view }: { view: CampaignView | null }) {
  const c = view?.campaign;
  const [enabled, setEnabled] = useState(c?.creatorCoinsEnabled ?? false);
  const [symbol, setSymbol] = useState(c?.creatorCoinSymbol ?? DEFAULT_COIN_SYMBOL);
  const [price, setPrice] = useState(coinPriceToDollars(c?.creatorCoinPrice ?? DEFAULT_COIN_PRICE));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [deployed, setDeployed] = useState(Boolean(c?.creatorCoinDeployed));
  const locked = deployed;

  async function deploy() {
    if (!c) {
      toast(CAMPAIGN_FORM_TEXT.saveFirst, 'error');
      return;
    }
    setDeploying(true);
    const res = await campaignAction(api.functions['deploy-creator-coin'].$post({ json: deployRequestFor(c) }));
    setDeploying(false);
    if (!res.ok) {
      setError(res.message);
      toast(COIN_TEXT.coinDeployFailed, 'error');
      return;
    }
    setError(null);
    setDeployed(true);
    toast(COIN_TEXT.coinDeployed, 'success');
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!c) {
      toast(CAMPAIGN_FORM_TEXT.saveFirst, 'error');
      return;
    }
    const body = {
      creatorCoinsEnabled: enabled,
      creatorCoinSymbol: normalizeCoinSymbol(symbol),
      creatorCoinPrice: dollarsToCoinPrice(price),
    };
    const problems = validateCoinSettings(body);
    setError(problems[0]?.message ?? null);
    if (problems[0]) return;
    setBusy(true);
    const res = await campaignAction(api.campaigns[':id'].coins.$patch({ param: { id: c.id }, json: body }));
    setBusy(false);
    if (!res.ok) {
      setError(res.message);
      toast(CAMPAIGN_FORM_TEXT.saveFailed, 'error');
      return;
    }
    toast('Creator coin settings saved', 'success');
  }

  return (
    <Card title="Creator Coins" className="coins-card">
      <form onSubmit={save} noValidate data-coins-form>
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={busy} />{' '}
          Creator coins enabled
        </label>
        <div className="field-row">
          <div className="field">
            <label htmlFor="coin-symbol">Symbol</label>
            <input
              id="coin-symbol"
              value={symbol}
              maxLength={COIN_SYMBOL_MAX}
              onChange={(e) => setSymbol(e.target.value.toUpperCase())}
              disabled={busy || locked}
            />
          </div>
          <div className="field">
            <label htmlFor="coin-price">Price per coin (USD)</label>
            <input
              id="coin-price"
              type="number"
              min={0.01}
              step={0.01}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              disabled={busy || locked}
            />
          </div>
        </div>
        {locked && <p className="muted">The coin is deployed: its symbol and price are fixed.</p>}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="coin-actions">
          <button type="submit" className="btn" disabled={busy || deploying}>
            Save coin settings
          </button>
          {!deployed && (
            <button
              type="button"
              className="btn btn-primary"
              data-action="deploy-coin"
              onClick={deploy}
              disabled={deploying || busy || !c?.title || !c?.creatorCoinSymbol}
            >
              {deploying ? 'Deploying…' : 'Deploy creator coin'}
            </button>
          )}
          {deployed && (
            <a className="btn" href="/admin?tab=creator-coins" data-coin-deployed>
              See the deployed coin
            </a>
          )}
        </div>
      </form>
    </Card>
  );
}
