/**
 * The texts of creator coins' deployment and of the chain calls behind it. Browser code imports this
 * module; the server may use `TEXT`, which includes them all.
 */
export const COIN_TEXT = {
  coinDeployed: 'Creator coin deployed successfully with anti-scam protection!',
  coinDeployFailed: 'Failed to deploy creator coin',
  rpcFailed: 'RPC request failed with status {status} - {text}: {body}',
  receiptNotFound: 'Transaction receipt not found.',
  receiptNotFoundAfter: 'Transaction receipt for {hash} not found after {n} blocks',
  coinsDisabled: 'Creator coins are not enabled on this server.',
  coinCampaignNotEnabled: 'Creator coins are not enabled for this campaign.',
  coinCampaignStatus: 'A coin can only be deployed for an approved or live campaign.',
  coinSettingsDiffer: 'The coin settings changed since this page loaded. Reload and try again.',
  coinSplitDiffer: 'The coin supply and its distribution are fixed: 200,000 coins, 100,000 / 40,000 / 30,000 / 30,000.',
  coinTeamNotAgreed: 'The team has not agreed a revenue split yet.',
  coinWalletsMissing: 'Every team member needs a linked wallet on {chain} first. Missing: {names}.',
  coinAlreadyDeployed: 'This campaign’s coin is deployed already.',
  coinTxReverted: 'Transaction {hash} reverted.',
  coinTxNoCoin: 'Transaction {hash} deployed no coin.',
  coinDeployerLow: 'The deployer account has too little {symbol} to pay for the deployment.',
  coinWalletPinned: 'This wallet receives a deployed creator coin’s proceeds and vesting, so it stays linked.',
  walletNeededTitle: 'Link a wallet for a creator coin',
  walletNeededMessage:
    '“{title}” will have a creator coin on {chain}. Link a wallet there so it can be deployed: your share of its sales and your locked coins go to it.',
  walletNeededLink: 'Link a wallet',
} as const;
