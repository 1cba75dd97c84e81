import { formatUnits } from 'viem';
import { formatCoinUnits, formatUsdc, USDC_DECIMALS } from './usdc';

/**
 * A coin's analytics, computed from its indexed events only (docs/coins.md, "Coin analytics"): pure,
 * so the figures the page, the CSV and the tests read are one computation.
 */
export interface AnalyticsEvent {
  kind: 'purchase' | 'transfer' | 'withdrawal' | 'release';
  blockNumber: number;
  logIndex: number;
  /** Block time, ms. */
  blockTime: number;
  account: string;
  counterparty: string | null;
  amount: string;
  value: string;
}

export interface CoinDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Whole coins bought that day. */
  coinsSold: number;
  /** USDC units paid that day. */
  usdcRaised: bigint;
  purchases: number;
  /** Addresses holding coins at the end of the day (the addresses the coin was minted to left out). */
  holders: number;
  /** Coins released from vesting that day (18-decimal units). */
  released: bigint;
  /** Transfers from one holder to another that day, and the coins they moved. */
  transfers: number;
  transferred: bigint;
}

export interface CoinFigures {
  days: CoinDay[];
  totals: {
    coinsSold: number;
    usdcRaised: bigint;
    purchases: number;
    holders: number;
    released: bigint;
    transfers: number;
    transferred: bigint;
  };
  /** The largest holders, largest first (ties by address). */
  topHolders: { address: string; balance: bigint }[];
}

/** One day's purchases, summed: `day` is the day's number since the epoch (UTC). */
export interface PurchaseDay {
  day: number;
  coins: number;
  usdc: bigint;
  purchases: number;
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** How many holders the page and the CSV name. */
export const TOP_HOLDERS = 10;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The figures of one coin from its events, every day from its first event's to `today`. Holders
 * are addresses with a positive balance from the coin's transfers, leaving out the addresses the coin
 * was minted to (the sale, the vesting contracts, the treasury), as on the coins page. A transfer
 * "between holders" is one whose sender is not the zero address, the sale or a vesting contract:
 * those are a purchase or a release, counted as such.
 */
export function coinFigures(
  events: readonly AnalyticsEvent[],
  contracts: { drop: string; vesting: readonly string[] },
  today: string,
  /** Purchases already summed by day (the database does it; `events` then carries none). */
  purchaseDays: readonly PurchaseDay[] = [],
): CoinFigures {
  const sorted = [...events].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  const minted = new Set(
    sorted.filter((e) => e.kind === 'transfer' && e.account === ZERO_ADDRESS).map((e) => e.counterparty ?? ''),
  );
  const notHolderSenders = new Set([
    ZERO_ADDRESS,
    contracts.drop.toLowerCase(),
    ...contracts.vesting.map((v) => v.toLowerCase()),
  ]);
  const balances = new Map<string, bigint>();
  const byDay = new Map<string, CoinDay>();
  const blank = (date: string): CoinDay => ({
    date,
    coinsSold: 0,
    usdcRaised: 0n,
    purchases: 0,
    holders: 0,
    released: 0n,
    transfers: 0,
    transferred: 0n,
  });
  let holders = 0;
  const move = (address: string, by: bigint) => {
    const before = balances.get(address) ?? 0n;
    const after = before + by;
    balances.set(address, after);
    if (minted.has(address)) return;
    if (before <= 0n && after > 0n) holders++;
    else if (before > 0n && after <= 0n) holders--;
  };
  // Days keyed by their number since the epoch: one date string per day, not one per event.
  const byNumber = new Map<number, CoinDay>();
  const dayNumbered = (n: number) => {
    let day = byNumber.get(n);
    if (!day) {
      day = blank(dayOf(n * DAY_MS));
      byNumber.set(n, day);
      byDay.set(day.date, day);
    }
    return day;
  };
  const withEvents = new Set<string>();
  for (const e of sorted) {
    const day = dayNumbered(Math.floor(e.blockTime / DAY_MS));
    withEvents.add(day.date);
    if (e.kind === 'purchase') {
      day.coinsSold += Number(e.amount);
      day.usdcRaised += BigInt(e.value);
      day.purchases++;
    } else if (e.kind === 'release') {
      day.released += BigInt(e.amount);
    } else if (e.kind === 'transfer') {
      const v = BigInt(e.amount);
      if (e.account !== ZERO_ADDRESS) move(e.account, -v);
      if (e.counterparty) move(e.counterparty, v);
      if (!notHolderSenders.has(e.account)) {
        day.transfers++;
        day.transferred += v;
      }
    }
    day.holders = holders;
  }
  for (const p of purchaseDays) {
    const day = dayNumbered(p.day);
    day.coinsSold += p.coins;
    day.usdcRaised += p.usdc;
    day.purchases += p.purchases;
  }
  const first = [...byDay.keys()].sort()[0];
  const days: CoinDay[] = [];
  if (first) {
    const last = [today, ...byDay.keys()].sort().at(-1) ?? today;
    let held = 0;
    for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
      const date = dayOf(t);
      const day = byDay.get(date) ?? blank(date);
      // A day without a transfer keeps the holders of the day before.
      if (!withEvents.has(date)) day.holders = held;
      held = day.holders;
      days.push(day);
    }
  }
  const topHolders = [...balances]
    .filter(([address, balance]) => balance > 0n && !minted.has(address))
    .map(([address, balance]) => ({ address, balance }))
    .sort((a, b) => (a.balance === b.balance ? a.address.localeCompare(b.address) : a.balance > b.balance ? -1 : 1));
  const sum = <K extends 'coinsSold' | 'purchases' | 'transfers'>(k: K) => days.reduce((s, d) => s + d[k], 0);
  const sumBig = <K extends 'usdcRaised' | 'released' | 'transferred'>(k: K) => days.reduce((s, d) => s + d[k], 0n);
  return {
    days,
    totals: {
      coinsSold: sum('coinsSold'),
      usdcRaised: sumBig('usdcRaised'),
      purchases: sum('purchases'),
      holders: topHolders.length,
      released: sumBig('released'),
      transfers: sum('transfers'),
      transferred: sumBig('transferred'),
    },
    topHolders: topHolders.slice(0, TOP_HOLDERS),
  };
}

/** RFC 4180 field; text a spreadsheet would run as a formula gets a leading apostrophe. */
function field(value: string): string {
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const COIN_CSV_HEADER = [
  'Date',
  'Coins sold',
  'USDC raised',
  'Purchases',
  'Holders',
  'Vesting released (coins)',
  'Transfers between holders',
  'Coins transferred',
] as const;

/** Exact decimal text for the CSV (no grouping): 18-decimal coins and 6-decimal USDC. */
const coins = (units: bigint) => formatUnits(units, 18);
const usdc = (units: bigint) => formatUnits(units, USDC_DECIMALS);

/** The figures by day as CSV (a header row, one row per day, CRLF line ends), then the top holders. */
export function coinFiguresCsv(figures: CoinFigures, names: ReadonlyMap<string, string>): string {
  const rows = [
    COIN_CSV_HEADER.join(','),
    ...figures.days.map((d) =>
      [
        d.date,
        String(d.coinsSold),
        usdc(d.usdcRaised),
        String(d.purchases),
        String(d.holders),
        coins(d.released),
        String(d.transfers),
        coins(d.transferred),
      ].join(','),
    ),
    '',
    'Top holder,Username,Coins held',
    ...figures.topHolders.map((h) => [h.address, field(names.get(h.address) ?? ''), coins(h.balance)].join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** What the page shows of amounts: coins with at most two decimals, USDC as dollars. */
export const showCoins = formatCoinUnits;
export const showUsdc = (units: bigint) => `$${formatUsdc(units)}`;
