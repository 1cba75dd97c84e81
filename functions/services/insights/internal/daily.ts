/** The most days the chart shows (the latest ones). */
export const MAX_CHART_DAYS = 730;
const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Net raised per day, every day from the day before the first to today, with the running total. */
export function dailySeries(rows: { day: string; cents: number }[], today = dayOf(Date.now())): DailyRaised[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.cents)]));
  const first = rows.map((r) => r.day).sort()[0] ?? today;
  const last = [today, ...rows.map((r) => r.day)].sort().at(-1) ?? today;
  const out: DailyRaised[] = [];
  let total = 0;
  for (let t = Date.parse(`${first}T00:00:00Z`) - DAY_MS; t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    const date = dayOf(t);
    const raisedCents = byDay.get(date) ?? 0;
    total += raisedCents;
    out.push({ date, raisedCents, cumulativeCents: total });
  }
  return out.slice(-MAX_CHART_DAYS);
}

export interface DailyRaised {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Payments less refunds that day. */
  raisedCents: number;
  cumulativeCents: number;
}
