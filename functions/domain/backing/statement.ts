import { KIND_TEXT, type PaymentKind, type PaymentStanding, standingText } from './status';

/** One payment as the yearly statement lists it. */
export interface StatementPayment {
  paidAt: Date;
  filmTitle: string;
  campaignTitle: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  standing: PaymentStanding;
  paymentIntentId: string;
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** RFC 4180 field; text a spreadsheet would run as a formula gets a leading apostrophe. */
function field(value: string): string {
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const BACKING_CSV_HEADER = ['Date', 'Film', 'Campaign', 'Type', 'Amount', 'Currency', 'Status', 'Reference'];

/** A backer's payments of one year (UTC dates) as CSV, oldest first, CRLF line ends. */
export function backingStatementCsv(payments: readonly StatementPayment[], year: number): string {
  const rows = payments
    .filter((p) => p.paidAt.getUTCFullYear() === year)
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())
    .map((p) =>
      [
        day(p.paidAt),
        field(p.filmTitle),
        field(p.campaignTitle),
        KIND_TEXT[p.kind],
        dollars(p.amountCents),
        p.currency.toUpperCase(),
        field(standingText(p.standing, day)),
        field(p.paymentIntentId),
      ].join(','),
    );
  return [BACKING_CSV_HEADER.join(','), ...rows].map((r) => `${r}\r\n`).join('');
}

export const backingStatementFileName = (year: number) => `reelfund-backing-${year}.csv`;
