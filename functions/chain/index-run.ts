/** What one pass of a chain's coin indexer did (docs/coins.md, "The index"). */
export interface IndexRun {
  /** The block the pass indexed up to: the head less the confirmations. */
  head: number;
  /** The last block that kept its hash when a reorg was found (everything above was indexed again), or null. */
  rewoundTo: number | null;
  blocks: number;
  events: number;
  /** Campaigns with a purchase newly indexed: their open coin pages are told the new sold figure. */
  purchased: string[];
  /** False when the pass stopped at its request bound before the head: the next pass goes on. */
  caughtUp: boolean;
}
