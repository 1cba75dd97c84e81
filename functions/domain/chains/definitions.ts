import { defineChain } from 'viem';
import { chainConfig } from 'viem/op-stack';

/**
 * The three chains the app knows, defined here as viem defines them (Base and Base Sepolia are OP
 * Stack chains: its formatters and serializers). Not imported from `viem/chains`: that module exports
 * every chain viem knows, with the Tempo chains' ABIs — a module of about 1 MB that the workers test
 * runtime cannot receive (its messages are limited to 1 MiB), for three small objects.
 */
export const base = defineChain({
  ...chainConfig,
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: {
    default: { name: 'Basescan', url: 'https://basescan.org', apiUrl: 'https://api.basescan.org/api' },
  },
  contracts: {
    ...chainConfig.contracts,
    multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11', blockCreated: 5022 },
  },
  sourceId: 1,
});

export const baseSepolia = defineChain({
  ...chainConfig,
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: {
    default: {
      name: 'Basescan',
      url: 'https://sepolia.basescan.org',
      apiUrl: 'https://api-sepolia.basescan.org/api',
    },
  },
  contracts: {
    ...chainConfig.contracts,
    multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11', blockCreated: 1059647 },
  },
  testnet: true,
  sourceId: 11155111,
});

export const hardhat = defineChain({
  id: 31_337,
  name: 'Hardhat',
  nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});
