import { formatMoney } from '../money/format';

/** Display helpers for campaign figures (amounts are cents, shown divided by 100). */

/** Integer cents as dollars, one format everywhere: 90000 → "$900.00"; 123456 → "$1,234.56". */
export const formatCents = (cents: number): string => formatMoney(cents);

const DAY_MS = 86_400_000;

/** The browser's local date. */
export function localToday(d = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whole days from `today` to the end date (both YYYY-MM-DD), shown as 0 when negative. */
export function daysLeft(endDate: string, today: string): number {
  const diff = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  return Number.isFinite(diff) ? Math.max(0, diff) : 0;
}

/** Days left in words, as the film page shows them: "Last day" on the end date itself. */
export const daysLeftText = (days: number): string =>
  days === 0 ? 'Last day' : `${days} ${days === 1 ? 'day' : 'days'}`;

/** A count of backers in words: "1 backer", "12 backers". */
export const backersText = (n: number): string => `${n} ${n === 1 ? 'backer' : 'backers'}`;

/** Raised as a percent of the goal, capped at 100. */
export function progressPercent(current: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((current / goal) * 1000) / 10);
}

/** "2026-03-01" → "Mar 1, 2026" (the date as written, no time zone shift). */
export function formatDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function formatTimestamp(ms: number | string | Date | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
