import { type Address, type PublicClient, parseEventLogs, type TransactionReceipt, zeroAddress } from 'viem';
import { campaignKey } from './campaign-key';
import { coinFactoryDeployAbi } from './factory-abi';

export interface CampaignCoinParams {
  /** The campaign's id exactly as stored (see campaignKey). */
  campaignId: string;
  name: string;
  symbol: string;
  /** Ten-thousandths of a dollar per coin. */
  price: number;
  feePercent: number;
  /** The originator first, then the contributors, each with their agreed share (permille). */
  members: readonly { address: `0x${string}`; share: number }[];
}

export interface CampaignContracts {
  coin: `0x${string}`;
  drop: `0x${string}`;
  teamVesting: `0x${string}`;
  reserveVesting: `0x${string}`;
}

/** The factory's `deploy` argument for a campaign. */
export const coinParams = (p: CampaignCoinParams) =>
  ({
    campaignId: p.campaignId,
    name: p.name,
    symbol: p.symbol,
    price: BigInt(p.price),
    feePercent: BigInt(p.feePercent),
    members: p.members.map((m) => m.address),
    shares: p.members.map((m) => BigInt(m.share)),
  }) as const;

/** The four addresses a factory's deployment announced in this receipt, or null. */
export function deploymentFromReceipt(receipt: TransactionReceipt): CampaignContracts | null {
  const [event] = parseEventLogs({ abi: coinFactoryDeployAbi, eventName: 'CoinDeployed', logs: receipt.logs });
  if (!event) return null;
  const { coin, drop, teamVesting, reserveVesting } = event.args;
  return { coin, drop, teamVesting, reserveVesting };
}

/** The contracts the factory holds for a campaign, or null when it has none. */
export async function factoryDeployment(
  { client }: { client: PublicClient },
  factory: Address,
  campaignId: string,
): Promise<CampaignContracts | null> {
  const [coin, drop, teamVesting, reserveVesting] = await client.readContract({
    address: factory,
    abi: coinFactoryDeployAbi,
    functionName: 'deployed',
    args: [campaignKey(campaignId)],
  });
  return coin === zeroAddress ? null : { coin, drop, teamVesting, reserveVesting };
}
