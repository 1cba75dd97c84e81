import { defineConfig } from 'hardhat/config';

// Hardhat is used only for its in-process chain (the contract tests connect to it through viem); the contracts
// are compiled by `npm run contracts:build`, never by Hardhat.
export default defineConfig({
  networks: { default: { type: 'edr-simulated', chainType: 'l1' } },
});
