/** The slices of USDC's, the coin's and the sale's ABIs that the buy dialog calls (docs/coins.md). */
export const erc20PermitAbi = [
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  { inputs: [], name: 'name', outputs: [{ type: 'string' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'version', outputs: [{ type: 'string' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'address' }],
    name: 'nonces',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'approve',
    outputs: [{ type: 'bool' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;

export const coinDropBuyAbi = [
  {
    inputs: [{ type: 'uint256', name: 'coins' }],
    name: 'buy',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      { type: 'uint256', name: 'coins' },
      { type: 'uint256', name: 'deadline' },
      { type: 'uint8', name: 'v' },
      { type: 'bytes32', name: 'r' },
      { type: 'bytes32', name: 's' },
    ],
    name: 'buyWithPermit',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  { inputs: [], name: 'coinsLeft', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'buyer', type: 'address' },
      { indexed: false, name: 'coins', type: 'uint256' },
      { indexed: false, name: 'cost', type: 'uint256' },
    ],
    name: 'Purchased',
    type: 'event',
  },
] as const;
