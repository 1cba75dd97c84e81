/** The coin analytics page's and the account choice's texts (docs/coins.md, "Coin analytics"). */
export const COIN_ANALYTICS_TEXT = {
  coinAnalyticsNoCoin: 'No coin yet',
  coinAnalyticsNoCoinBody:
    'This campaign has no creator coin on this network yet. Once an admin deploys it, its holders and sales appear here.',
  coinAnalyticsNoEvents: 'Nothing has been read from the chain for this coin yet.',
  coinAnalyticsSource:
    'Read from the coin’s events as indexed from the chain; a purchase shows after the next index pass.',
  coinHolderNameLabel: 'Show my username to creators whose coins I hold',
  coinHolderNameHint:
    'Off: the coin analytics of a campaign whose coin your linked wallet holds show only the wallet’s address.',
  coinHolderNameSaved: 'Saved.',
} as const;
