import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatGhs, parseAmount } from '../../../../shared/money';
import type { AdminMetrics } from '../../../../shared/contract/admin';
import { intlLocales } from '../../../../shared/i18n/intl-locales';
import { useLocale } from '../../../lib/i18n';

/**
 * The metrics line chart (donations per day of the month), drawn by uPlot on a canvas.
 * Loaded lazily: this module and uPlot are their own chunk, fetched only on /admindashboard.
 * The canvas is hidden from assistive tech; the page offers the same numbers as a table.
 */
export default function MetricsLineChart({ days }: { days: AdminMetrics['days'] }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const locale = useLocale();

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const xs = days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const ys = days.map((d) => (parseAmount(d.amount) ?? 0) / 100);
    const width = () => Math.max(280, Math.floor(host.clientWidth || 600));
    // English keeps uPlot's own day-month ticks; another language names its months as its Intl does.
    const day = new Intl.DateTimeFormat(intlLocales(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const dayTicks = (_u: uPlot, ticks: number[]) => ticks.map((tick) => day.format(new Date(tick * 1000)));
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.15)] } },
        axes: [
          { stroke: '#5f4a3c', grid: { stroke: '#eadccb' }, values: locale === 'en' ? '{D} {MMM}' : dayTicks },
          {
            stroke: '#5f4a3c',
            grid: { stroke: '#eadccb' },
            size: 76,
            // Compact ticks ("GH₵12.5k"); the table and the figcaption carry the exact amounts.
            values: (_u, ticks) =>
              ticks.map((t) => (t >= 1000 ? `GH₵${Number((t / 1000).toFixed(1))}k` : formatGhs(Math.round(t * 100)).replace(/\.00$/, ''))),
          },
        ],
        series: [
          {},
          {
            label: 'Donations (GHS)',
            stroke: '#9c3d14',
            width: 2,
            fill: 'rgba(156, 61, 20, 0.08)',
            points: { size: 5 },
          },
        ],
      },
      [xs, ys],
      host,
    );
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => plot.setSize({ width: width(), height: 260 })) : null;
    observer?.observe(host);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, locale]);

  return <div ref={hostRef} className="metrics-chart__canvas" aria-hidden="true" data-testid="metrics-chart" />;
}
