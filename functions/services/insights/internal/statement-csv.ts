import type { LedgerKind } from '../../../db/schema';
import type { MemberAccount } from './ledger-figures';
/** Integer cents as dollars with two decimals, no grouping: -12345 → "-123.45". */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (= + - @ or a tab/CR first) gets a leading
 * apostrophe; numbers are written as they are.
 */
export function csvField(value: string | number, kind: 'text' | 'number' = 'text'): string {
  let s = String(value);
  if (kind === 'text' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const STATEMENT_CSV_HEADER = [
  'Date',
  'Campaign',
  'Kind',
  'Description',
  'Account',
  'Amount (USD)',
  'Payable balance (USD)',
  'Paid balance (USD)',
  'Reversed balance (USD)',
] as const;

/** The statement as CSV: a header row, one row per line, CRLF line ends. */
export function statementCsv(statement: MemberStatement): string {
  const rows = [
    STATEMENT_CSV_HEADER.map((h) => csvField(h)).join(','),
    ...statement.lines.map((l) =>
      [
        csvField(l.date),
        csvField(l.campaignTitle),
        csvField(l.kind),
        csvField(l.description),
        csvField(l.account),
        csvField(centsToDollars(l.amountCents), 'number'),
        csvField(centsToDollars(l.balances.payable), 'number'),
        csvField(centsToDollars(l.balances.paid), 'number'),
        csvField(centsToDollars(l.balances.reversed), 'number'),
      ].join(','),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** The download's file name: letters, digits and dashes only. */
export function statementFileName(campaignId: string | null) {
  const suffix = campaignId ? `-${campaignId.replace(/[^A-Za-z0-9-]/g, '')}` : '';
  return `reelfund-statement${suffix}.csv`;
}

export interface MemberStatement {
  /** The campaign the statement is limited to, or null for all of the member's campaigns. */
  campaignId: string | null;
  lines: StatementLine[];
  totals: Balances;
}

/** One ledger line of the member's own accounts, with the balances after it. */
export interface StatementLine {
  /** ISO timestamp of the ledger group. */
  date: string;
  campaignId: string;
  campaignTitle: string;
  kind: LedgerKind;
  account: MemberAccount;
  description: string;
  /** Signed cents: positive arrives in the account. */
  amountCents: number;
  /** Running balances of the member's payable, paid and reversed accounts (in this statement's scope). */
  balances: Balances;
}

export type Balances = Record<MemberAccount, number>;
