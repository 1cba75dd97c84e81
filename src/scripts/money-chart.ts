import uPlot from 'uplot';
import { formatMoney } from '../../functions/domain/money/format';

/**
 * Draws "money over time" from the figures the server rendered into `data-series` (no request):
 * the cumulative amount raised as a line on the left axis, each day's net amount as bars on the
 * right. uPlot styles its elements through the CSSOM only, which a hash-based CSP allows.
 */
interface Point {
  date: string;
  raisedCents: number;
  cumulativeCents: number;
}

const dollars = (cents: number) => cents / 100;
const money = (v: number | null) => (v === null ? '—' : formatMoney(Math.round(v * 100)));

const HALF_DAY = 43_200;
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((d) => d * 86_400);
const shortDay = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function cssVar(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function draw(host: HTMLElement) {
  const points = JSON.parse(host.dataset.series ?? '[]') as Point[];
  const xs = points.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000);
  const data: uPlot.AlignedData = [
    xs,
    points.map((p) => dollars(p.cumulativeCents)),
    points.map((p) => dollars(p.raisedCents)),
  ];
  const brand = cssVar('--brand', '#f5c14b');
  const accent = cssVar('--accent', '#6fb6ff');
  const dim = cssVar('--text-dim', '#a4adbd');
  const grid = cssVar('--line', '#262c39');
  const axis = (scale: string, side: 0 | 1 = 0): uPlot.Axis => ({
    scale,
    side: side === 1 ? 1 : 3,
    stroke: dim,
    grid: { show: side === 0, stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    values: (_u, splits) => splits.map((v) => money(v)),
    size: 80,
  });
  const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
  const size = () => ({ width: Math.max(280, host.clientWidth), height: 280 });
  const chart = new uPlot(
    {
      ...size(),
      scales: {
        // Half a day either side, so the first and last days' bars are drawn whole.
        x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
        total: { auto: true },
        day: { auto: true },
      },
      axes: [
        {
          stroke: dim,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          // Whole days only: the figures are daily.
          incrs: DAY_STEPS,
          values: (_u, splits) => splits.map(shortDay),
        },
        axis('total'),
        axis('day', 1),
      ],
      series: [
        { label: 'Day', value: (_u, v) => (v === null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)) },
        {
          label: 'Raised in total',
          scale: 'total',
          stroke: brand,
          width: 2,
          fill: `${brand}22`,
          value: (_u, v) => money(v),
        },
        {
          label: 'Raised that day',
          scale: 'day',
          stroke: accent,
          fill: `${accent}66`,
          paths: bars,
          value: (_u, v) => money(v),
        },
      ],
      legend: { live: true },
    },
    data,
    host,
  );
  new ResizeObserver(() => chart.setSize(size())).observe(host);
  host.dataset.drawn = 'true';
}

for (const host of document.querySelectorAll<HTMLElement>('[data-money-chart]')) draw(host);
