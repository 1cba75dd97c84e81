/**
 * The part of CoinFactory's ABI the server's deployer uses: `deploy`, `deployed`, the `CoinDeployed` event and the
 * factory's errors. Kept apart from functions/chain/generated (whose modules carry the bytecode) so the worker does
 * not load the contracts' code; a unit test holds it equal to the generated ABI's entries.
 */
export const coinFactoryDeployAbi = [
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: 'campaignKey',
        type: 'bytes32',
      },
    ],
    name: 'AlreadyDeployed',
    type: 'error',
  },
  {
    inputs: [],
    name: 'BadCampaignId',
    type: 'error',
  },
  {
    inputs: [],
    name: 'BadName',
    type: 'error',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'price',
        type: 'uint256',
      },
    ],
    name: 'BadPrice',
    type: 'error',
  },
  {
    inputs: [],
    name: 'BadSymbol',
    type: 'error',
  },
  {
    inputs: [],
    name: 'FailedDeployment',
    type: 'error',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'balance',
        type: 'uint256',
      },
      {
        internalType: 'uint256',
        name: 'needed',
        type: 'uint256',
      },
    ],
    name: 'InsufficientBalance',
    type: 'error',
  },
  {
    inputs: [
      {
        internalType: 'address',
        name: 'account',
        type: 'address',
      },
    ],
    name: 'NotDeployer',
    type: 'error',
  },
  {
    inputs: [
      {
        internalType: 'address',
        name: 'owner',
        type: 'address',
      },
    ],
    name: 'OwnableInvalidOwner',
    type: 'error',
  },
  {
    inputs: [
      {
        internalType: 'address',
        name: 'account',
        type: 'address',
      },
    ],
    name: 'OwnableUnauthorizedAccount',
    type: 'error',
  },
  {
    inputs: [],
    name: 'ZeroAddress',
    type: 'error',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'bytes32',
        name: 'campaignKey',
        type: 'bytes32',
      },
      {
        indexed: false,
        internalType: 'string',
        name: 'campaignId',
        type: 'string',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'coin',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'drop',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'teamVesting',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'reserveVesting',
        type: 'address',
      },
    ],
    name: 'CoinDeployed',
    type: 'event',
  },
  {
    inputs: [
      {
        components: [
          {
            internalType: 'string',
            name: 'campaignId',
            type: 'string',
          },
          {
            internalType: 'string',
            name: 'name',
            type: 'string',
          },
          {
            internalType: 'string',
            name: 'symbol',
            type: 'string',
          },
          {
            internalType: 'uint256',
            name: 'price',
            type: 'uint256',
          },
          {
            internalType: 'uint256',
            name: 'feePercent',
            type: 'uint256',
          },
          {
            internalType: 'address[]',
            name: 'members',
            type: 'address[]',
          },
          {
            internalType: 'uint256[]',
            name: 'shares',
            type: 'uint256[]',
          },
        ],
        internalType: 'struct CoinFactory.CoinParams',
        name: 'p',
        type: 'tuple',
      },
    ],
    name: 'deploy',
    outputs: [
      {
        components: [
          {
            internalType: 'address',
            name: 'coin',
            type: 'address',
          },
          {
            internalType: 'address',
            name: 'drop',
            type: 'address',
          },
          {
            internalType: 'address',
            name: 'teamVesting',
            type: 'address',
          },
          {
            internalType: 'address',
            name: 'reserveVesting',
            type: 'address',
          },
        ],
        internalType: 'struct CoinFactory.Deployment',
        name: 'd',
        type: 'tuple',
      },
    ],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: '',
        type: 'bytes32',
      },
    ],
    name: 'deployed',
    outputs: [
      {
        internalType: 'address',
        name: 'coin',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'drop',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'teamVesting',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'reserveVesting',
        type: 'address',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
] as const;
