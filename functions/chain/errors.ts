import { BaseError, ContractFunctionRevertedError, decodeErrorResult } from 'viem';
import { coinDropAbi, coinFactoryAbi, creatorCoinAbi, memberVestingAbi, testUsdcAbi } from './generated';

/**
 * Every custom error our contracts and the tokens they call can revert with. A call's own ABI cannot name an
 * error raised one call deeper (USDC's from a purchase, the members check from a deployment); this one can.
 */
export const coinErrorsAbi = [...coinDropAbi, ...coinFactoryAbi, ...creatorCoinAbi, ...memberVestingAbi, ...testUsdcAbi]
  .filter((item) => item.type === 'error')
  .filter((item, i, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(item)) === i);

/** The name of the custom error a contract call reverted with, or null when it failed some other way. */
export function revertName(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return null;
  if (revert.data?.errorName) return revert.data.errorName;
  if (!revert.raw) return revert.reason ? 'Error' : null;
  try {
    return decodeErrorResult({ abi: coinErrorsAbi, data: revert.raw }).errorName;
  } catch {
    return revert.signature ?? null;
  }
}
