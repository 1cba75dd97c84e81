import uPlot from 'uplot';

/**
 * Draws the coin analytics charts from the figures the server rendered into `data-series` (no
 * request; docs/coins.md, "Coin analytics"), with uPlot as the campaign analytics page does
 * (src/scripts/money-chart.ts). The same figures are in the page's table.
 */
interface Point {
  date: string;
  holders: number;
  sold: number;
  usdc: number;
  released: number;
  transfers: number;
}

const HALF_DAY = 43_200;
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((d) => d * 86_400);
const shortDay = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const count = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const dollars = (v: number | null) =>
  v === null ? '—' : `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function cssVar(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

type Line = { label: string; pick: (p: Point) => number; scale: string; bars?: boolean; format: typeof count };

const CHARTS: Record<string, Line[]> = {
  sales: [
    { label: 'Coins sold', pick: (p) => p.sold, scale: 'left', bars: true, format: count },
    { label: 'USDC raised', pick: (p) => p.usdc, scale: 'right', format: dollars },
  ],
  holders: [{ label: 'Holders', pick: (p) => p.holders, scale: 'left', format: count }],
  moves: [
    { label: 'Vesting released (coins)', pick: (p) => p.released, scale: 'left', bars: true, format: count },
    { label: 'Transfers between holders', pick: (p) => p.transfers, scale: 'right', format: count },
  ],
};

function draw(host: HTMLElement) {
  const lines = CHARTS[host.dataset.coinChart ?? ''];
  if (!lines) return;
  const points = JSON.parse(host.dataset.series ?? '[]') as Point[];
  const data: uPlot.AlignedData = [
    points.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000),
    ...lines.map((l) => points.map(l.pick)),
  ];
  const colours = [cssVar('--accent', '#6fb6ff'), cssVar('--brand', '#f5c14b')];
  const dim = cssVar('--text-dim', '#a4adbd');
  const grid = cssVar('--line', '#262c39');
  const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
  const size = () => ({ width: Math.max(260, host.clientWidth), height: 260 });
  const axes: uPlot.Axis[] = [
    {
      stroke: dim,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      incrs: DAY_STEPS,
      values: (_u, splits) => splits.map(shortDay),
    },
    ...lines.map(
      (l, i): uPlot.Axis => ({
        scale: l.scale,
        side: i === 0 ? 3 : 1,
        stroke: dim,
        grid: { show: i === 0, stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        values: (_u, splits) => splits.map((v) => l.format(v)),
        size: 70,
      }),
    ),
  ];
  const chart = new uPlot(
    {
      ...size(),
      scales: {
        x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
        left: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] },
        right: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes,
      series: [
        { label: 'Day', value: (_u, v) => (v === null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)) },
        ...lines.map(
          (l, i): uPlot.Series => ({
            label: l.label,
            scale: l.scale,
            stroke: colours[i],
            width: 2,
            fill: l.bars ? `${colours[i]}66` : `${colours[i]}22`,
            ...(l.bars ? { paths: bars } : {}),
            value: (_u, v) => l.format(v),
          }),
        ),
      ],
      legend: { live: true },
    },
    data,
    host,
  );
  new ResizeObserver(() => chart.setSize(size())).observe(host);
  host.dataset.drawn = 'true';
}

for (const host of document.querySelectorAll<HTMLElement>('[data-coin-chart]')) draw(host);
