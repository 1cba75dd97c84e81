/**
 * A creator coin's supply and how it is distributed, in whole coins: the same for every coin (the
 * contracts fix it, docs/coins.md). A deploy request must state exactly this.
 */
export const COIN_DISTRIBUTION = {
  initialSupply: 200_000,
  fanSupply: 100_000,
  teamSupply: 40_000,
  marketingSupply: 30_000,
  reserveSupply: 30_000,
} as const;

export interface DeployRequest {
  campaignId: string;
  coinSymbol: string;
  initialSupply: number;
  /** Ten-thousandths of a dollar, as stored. */
  pricePerCoin: number;
  distributionModel: { fanSupply: number; teamSupply: number; marketingSupply: number; reserveSupply: number };
}

/** Whether a request's supply and distribution are the fixed ones. */
export function isFixedDistribution(body: Pick<DeployRequest, 'initialSupply' | 'distributionModel'>): boolean {
  const d = body.distributionModel;
  const f = COIN_DISTRIBUTION;
  return (
    body.initialSupply === f.initialSupply &&
    d.fanSupply === f.fanSupply &&
    d.teamSupply === f.teamSupply &&
    d.marketingSupply === f.marketingSupply &&
    d.reserveSupply === f.reserveSupply
  );
}

/** The request the Deploy button sends for a campaign's saved settings. */
export function deployRequestFor(c: {
  id: string;
  creatorCoinSymbol: string;
  creatorCoinPrice: number;
}): DeployRequest {
  const { initialSupply, ...distributionModel } = COIN_DISTRIBUTION;
  return {
    campaignId: c.id,
    coinSymbol: c.creatorCoinSymbol,
    initialSupply,
    pricePerCoin: c.creatorCoinPrice,
    distributionModel,
  };
}
