/**
 * The texts of a member's side of creator coins: /creator-token-management (proceeds to withdraw, coins
 * to release), the creator dashboard's Coins tab and the notices. SPEC gives none of them. Browser code
 * imports this module; the server may use `TEXT`, which includes them all.
 */
export const COIN_COLLECT_TEXT = {
  collectIntroTitle: 'What a creator coin is',
  collectIntro:
    'A campaign may get its own coin. Fans buy it with USDC; each sale pays the platform its fee and the team the rest, by the split the team agreed. The team also gets coins of its own, locked and unlocked over time.',
  collectHowTitle: 'How a campaign gets one',
  collectHow:
    'An admin enables a coin on an approved or live campaign and deploys it once every team member has linked a wallet. Each member then finds it here: what it earned them, and their coins as they unlock.',
  collectNone: 'You are not a member of any deployed creator coin.',
  collectShare: '{share} of the team’s split, so {part} of each sale after the platform’s {fee}% fee',
  collectPayee: 'Paid to',
  collectPayeeNote:
    'Withdrawals and releases always pay this address, the wallet you had linked when the coin was deployed, whoever sends them.',
  collectProceedsTitle: 'Proceeds',
  collectProceeds: '{amount} USDC to withdraw',
  collectWithdraw: 'Withdraw',
  collectSold: '{sold} of 100,000 coins sold',
  collectTeam: 'Team coins',
  collectReserve: 'Reserve coins',
  collectVested: 'Vested',
  collectReleasable: 'Releasable now',
  collectLocked: 'Still locked',
  collectCliff: 'Cliff ends',
  collectEnd: 'Fully vested',
  collectRelease: 'Release',
  collectReleasableFrom: 'Nothing to release until {date}.',
  collectAllReleased: 'Everything vested is released.',
  collectChainError: 'The figures could not be read from the chain: {error}',
  /** In place of a coin's figures until the indexer has read its deployment (not an error). */
  collectNotIndexed: 'The coin’s history has not been read from the chain yet.',
  collectCoinPage: 'Coin page',
  collectWithdrawTitle: 'Withdraw {symbol} proceeds',
  collectReleaseTitle: 'Release {symbol} {contract}',
  collectGoesTo: 'The money goes to {payee}, whichever wallet sends this.',
  collectConnect: 'Connect a wallet to send this.',
  collectWrongChain: 'Your wallet is on another network. Switch it to {chain} to send this.',
  collectSend: 'Send',
  collectStepSend: 'Send the transaction',
  collectStepReceipt: 'Wait for the receipt',
  collectWithdrawn: '{amount} USDC sent to {payee}.',
  collectReleased: '{amount} {symbol} sent to {payee}.',
  collectReverted: 'The transaction {hash} reverted on the chain ({reason}): nothing was sent.',
  collectDashboardNone: 'Coins of campaigns you are a team member of will appear here once deployed.',
  collectManage: 'Withdraw and release',
  noticeReleasableTitle: 'Your coins can be released',
  noticeReleasable: 'Your {contract} of {symbol} (“{title}”) have started to unlock: release them on your coins page.',
  noticeWithdrawnTitle: 'Proceeds withdrawn',
  noticeWithdrawn: '{amount} USDC of {symbol} (“{title}”) was sent to your wallet {payee}.',
  noticeReleasedTitle: 'Coins released',
  noticeReleased: '{amount} {symbol} (“{title}”) {contract} were sent to your wallet {payee}.',
} as const;
