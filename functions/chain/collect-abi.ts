/** Slices of the sale's and the vesting contracts' ABIs for collecting (the worker does not load functions/chain/generated; the browser imports this module). */
/** The part of CoinDrop's ABI a member's collect page and the admins' reconciliation read. */
export const coinDropProceedsAbi = [
  { inputs: [], name: 'coinsSold', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'totalProceeds', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'treasury', outputs: [{ type: 'address' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'address' }],
    name: 'withdrawable',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address', name: 'payee' }],
    name: 'withdraw',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'payee', type: 'address' },
      { indexed: false, name: 'amount', type: 'uint256' },
    ],
    name: 'Withdrawn',
    type: 'event',
  },
  { inputs: [{ name: 'payee', type: 'address' }], name: 'NothingToWithdraw', type: 'error' },
] as const;

/** The part of MemberVesting's ABI a member's collect page reads and calls. */
export const memberVestingCollectAbi = [
  { inputs: [], name: 'cliffEnd', outputs: [{ type: 'uint64' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'duration', outputs: [{ type: 'uint64' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'address' }],
    name: 'allocation',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }],
    name: 'released',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint64' }],
    name: 'vestedAmount',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address', name: 'member' }],
    name: 'release',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'member', type: 'address' },
      { indexed: false, name: 'amount', type: 'uint256' },
    ],
    name: 'Released',
    type: 'event',
  },
  { inputs: [{ name: 'member', type: 'address' }], name: 'NothingToRelease', type: 'error' },
] as const;
