/**
 * The texts of wallets: connecting one, and linking it to an account (Sign-In with Ethereum).
 * Browser code imports the module of its feature; the server may use `TEXT`, which includes them
 * all.
 */
export const WALLET_TEXT = {
  noActiveWallet: 'No active wallet found',
  walletCannotSwitchChain: 'Wallet does not support switching chains',
  walletWithoutAccount: 'Cannot set a wallet without an account as active',
  switchWithoutConnection: 'Cannot switch chain without a previous connection',
  invalidAddress: 'Invalid address',
  walletSignInStatement: 'Link this wallet to your Reelfund account.',
  walletNonceInvalid: 'This sign-in request has expired or was already used. Please try again.',
  walletMessageInvalid: 'This is not a valid Sign-In with Ethereum message.',
  walletWrongDomain: 'This message was made for another site.',
  walletWrongChain: 'Wallets can only be linked on {chains}.',
  walletMessageExpired: 'This sign-in message has expired. Please sign a new one.',
  walletBadSignature: 'The signature does not match the wallet address.',
  walletAddressTaken: 'This wallet is already linked to another account.',
  walletChainTaken: 'You already linked a wallet on {chain}. Unlink it first.',
  walletNotLinked: 'You have no wallet linked on that chain.',
  walletLinked: 'Wallet linked',
  walletUnlinked: 'Wallet unlinked',
  walletFailed: 'Your wallet did not complete the request. Please try again.',
  walletRequestDeclined: 'You declined the request in your wallet.',
  walletNoneFound: 'No browser wallet found. Install a wallet extension, then reload this page.',
  // Added to 'No active wallet found' when this browser has no wallet at all: how to get one.
  walletHowToGet:
    'This browser has no wallet. Install a wallet extension such as MetaMask or Coinbase Wallet (ethereum.org/wallets lists more), create an account in it, then reload this page.',
  walletUnsupportedChain: 'Switch your wallet to {chains} to link it.',
  walletTooManyNonces: 'Too many sign-in requests. Please try again in {seconds} seconds.',
} as const;
