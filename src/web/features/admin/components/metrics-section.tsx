import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { AdminMetrics } from '../../../../shared/contract/admin';
import { formatDate } from '../../../../shared/dates';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { monthLabel } from '../../../lib/month-label';
import { useLocale, useT } from '../../../lib/i18n';

const MetricsLineChart = lazy(() => import('./metrics-line-chart'));

/** If the chart chunk fails to load (offline, old deploy) or canvas is missing, the table still tells everything. */
class ChartBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface MetricsSectionProps {
  metrics: AdminMetrics;
  loading: boolean;
  onMonth: (month: string) => void;
}

/** Metrics: the month select, a line chart of donations per day and the same data as a table. */
export function MetricsSection({ metrics, loading, onMonth }: MetricsSectionProps) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const [showTable, setShowTable] = useState(false);
  const label = monthLabel(metrics.month, locale);
  const total = metrics.days.reduce((sum, d) => sum + (parseAmount(d.amount) ?? 0), 0);
  const count = metrics.days.reduce((sum, d) => sum + d.count, 0);
  const summary = t('admin.metrics.summary', { month: label, count, total: formatGhs(toDecimalString(total)) });

  return (
    <section className="panel metrics" aria-labelledby={`${id}-h`} aria-busy={loading}>
      <div className="metrics__head">
        <h2 id={`${id}-h`}>{t('admin.metrics.title')}</h2>
        <div className="select-field">
          <label htmlFor={`${id}-month`}>{t('admin.metrics.month')}</label>
          <select id={`${id}-month`} value={metrics.month} onChange={(e) => onMonth(e.target.value)}>
            {metrics.months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m, locale)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <figure className="metrics-chart">
        <ChartBoundary fallback={<p className="panel__empty">{t('admin.metrics.chartFailed')}</p>}>
          <Suspense
            fallback={
              <div className="skeleton__block" role="status">
                <span className="visually-hidden">{t('admin.metrics.loadingChart')}</span>
              </div>
            }
          >
            <MetricsLineChart days={metrics.days} />
          </Suspense>
        </ChartBoundary>
        <figcaption>{summary}</figcaption>
      </figure>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? t('admin.metrics.hideTable') : t('admin.metrics.showTable')}
      </button>
      <div id={`${id}-table`} className="table-wrap metrics__table" hidden={!showTable}>
        <table className="data-table">
          <caption className="visually-hidden">{t('admin.metrics.caption', { month: label })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.metrics.date')}</th>
              <th scope="col" className="num">
                {t('admin.metrics.donations')}
              </th>
              <th scope="col" className="num">
                {t('admin.metrics.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {metrics.days.map((d) => (
              <tr key={d.date}>
                <td>{formatDate(`${d.date}T00:00:00Z`, locale)}</td>
                <td className="num">{d.count}</td>
                <td className="num">{formatGhs(d.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
