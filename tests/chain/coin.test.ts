import { beforeAll, describe, expect, test } from 'vitest';
import { creatorCoinAbi, ONE_COIN } from '../../functions/chain';
import {
  type Chain,
  coinBalance,
  deployCampaign,
  latestTimestamp,
  ok,
  revertOf,
  signPermit,
  startChain,
} from './support';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});

describe('the creator coin', () => {
  test('exposes exactly the ERC-20 and EIP-2612 permit functions (and the EIP-5267 domain of its permits)', () => {
    const functions = creatorCoinAbi
      .filter((item) => item.type === 'function')
      .map((f) => `${f.name}(${f.inputs.map((i) => i.type).join(',')})`)
      .sort();
    expect(functions).toEqual([
      'DOMAIN_SEPARATOR()',
      'allowance(address,address)',
      'approve(address,uint256)',
      'balanceOf(address)',
      'decimals()',
      'eip712Domain()',
      'name()',
      'nonces(address)',
      'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
      'symbol()',
      'totalSupply()',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
    ]);
  });

  test('transfers and permits like any ERC-20, and its supply never changes', async () => {
    const d = await deployCampaign(chain);
    const treasury = chain.treasury;
    const fan = chain.fan.account.address;
    const supply = () =>
      chain.client.readContract({ address: d.coin, abi: creatorCoinAbi, functionName: 'totalSupply' });
    expect(await supply()).toBe(200_000n * ONE_COIN);

    await ok(
      chain,
      treasury.writeContract({
        address: d.coin,
        abi: creatorCoinAbi,
        functionName: 'transfer',
        args: [fan, 5n * ONE_COIN],
      }),
    );
    expect(await coinBalance(chain, d.coin, fan)).toBe(5n * ONE_COIN);

    // The fan lets a stranger spend 2 coins by signature; the stranger submits it and spends them.
    const deadline = (await latestTimestamp(chain)) + 600n;
    const stranger = chain.stranger.account.address;
    const { v, r, s } = await signPermit(
      chain,
      chain.fan,
      { address: d.coin, name: d.params.name, version: '1' },
      stranger,
      2n * ONE_COIN,
      deadline,
    );
    await ok(
      chain,
      chain.stranger.writeContract({
        address: d.coin,
        abi: creatorCoinAbi,
        functionName: 'permit',
        args: [fan, stranger, 2n * ONE_COIN, deadline, v, r, s],
      }),
    );
    await ok(
      chain,
      chain.stranger.writeContract({
        address: d.coin,
        abi: creatorCoinAbi,
        functionName: 'transferFrom',
        args: [fan, stranger, 2n * ONE_COIN],
      }),
    );
    expect(await coinBalance(chain, d.coin, stranger)).toBe(2n * ONE_COIN);
    const overspend = chain.stranger.writeContract({
      address: d.coin,
      abi: creatorCoinAbi,
      functionName: 'transferFrom',
      args: [fan, stranger, 1n],
    });
    expect(await revertOf(overspend)).toBe('ERC20InsufficientAllowance');
    expect(await supply()).toBe(200_000n * ONE_COIN);
  });
});
