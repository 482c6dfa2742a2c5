import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, InboxIcon } from '@inkwell/ui-kit/icons';
import { errorMessage } from '@/lib/staff-api';
import { formatPeriod } from '../range';
import styles from './analytics.module.css';

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour; each series is told apart by its legend and its dash pattern too, not by colour alone. */
  color: string;
  format: (value: number) => string;
  dash?: string;
}

export type ChartRow = { period: string } & Record<string, number | string>;

interface ChartCardProps {
  title: string;
  description: string;
  series: readonly ChartSeries[];
  rows: readonly ChartRow[] | undefined;
  kind?: 'line' | 'bar';
  isPending: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown when every figure of the range is zero ("No orders in this range"). */
  emptyTitle: string;
  /** A second axis for the series after the first (money beside counts). */
  rightAxisKeys?: readonly string[];
  footer?: ReactNode;
}

/**
 * A time-series chart (recharts) with its title and description tied to it, and a "Show table"
 * toggle that shows the same figures as a table (for screen readers and for reading exact values).
 */
export function ChartCard({ title, description, series, rows, kind = 'line', isPending, error, onRetry, emptyTitle, rightAxisKeys = [], footer }: ChartCardProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const empty = rows !== undefined && rows.every((row) => series.every((s) => Number(row[s.key] ?? 0) === 0));
  const right = series.filter((s) => rightAxisKeys.includes(s.key));
  const Chart = kind === 'bar' ? BarChart : LineChart;

  let body: ReactNode;
  if (isPending && !rows) {
    body = <div className={styles.chartSkeleton} aria-hidden="true" />;
  } else if (error && !rows) {
    body = (
      <EmptyState
        tone="error"
        icon={<AlertIcon size={20} />}
        title={`${title} didn't load`}
        headingLevel="h3"
        actions={
          onRetry && (
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      >
        <p>{errorMessage(error)}</p>
      </EmptyState>
    );
  } else if (!rows || empty) {
    body = (
      <EmptyState icon={<InboxIcon size={20} />} title={emptyTitle} headingLevel="h3">
        <p>Choose a longer range, or another one.</p>
      </EmptyState>
    );
  } else if (showTable) {
    body = (
      <div className={styles.tableScroller}>
        <table className={styles.figures}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className={styles.num}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.period}>
                <th scope="row">{formatPeriod(row.period)}</th>
                {series.map((s) => (
                  <td key={s.key} className={styles.num}>
                    {s.format(Number(row[s.key] ?? 0))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <div className={styles.chart} role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={rows as ChartRow[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
            <XAxis dataKey="period" tickFormatter={formatPeriod} tick={{ fontSize: 12, fill: 'var(--color-ink-muted)' }} minTickGap={24} />
            <YAxis yAxisId="left" tickFormatter={(value: number) => series.find((s) => !rightAxisKeys.includes(s.key))?.format(value) ?? String(value)} tick={{ fontSize: 12, fill: 'var(--color-ink-muted)' }} width={64} allowDecimals={false} />
            {right.length > 0 && <YAxis yAxisId="right" orientation="right" tickFormatter={(value: number) => right[0]!.format(value)} tick={{ fontSize: 12, fill: 'var(--color-ink-muted)' }} width={72} />}
            <Tooltip
              labelFormatter={(label) => formatPeriod(String(label))}
              formatter={(value, name) => {
                const s = series.find((item) => item.label === name);
                return s ? s.format(Number(value)) : String(value);
              }}
            />
            <Legend />
            {series.map((s) =>
              kind === 'bar' ? (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} yAxisId={rightAxisKeys.includes(s.key) ? 'right' : 'left'} isAnimationActive={false} />
              ) : (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.color}
                  strokeWidth={2}
                  strokeDasharray={s.dash}
                  dot={rows.length <= 31}
                  yAxisId={rightAxisKeys.includes(s.key) ? 'right' : 'left'}
                  isAnimationActive={false}
                />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <div>
          <h3 id={titleId} className={styles.cardTitle}>
            {title}
          </h3>
          <p id={descriptionId} className={styles.cardText}>
            {description}
          </p>
        </div>
        {rows && !empty && (
          <Button size="sm" variant="secondary" aria-pressed={showTable} onClick={() => setShowTable((shown) => !shown)}>
            Show table
          </Button>
        )}
      </div>
      {body}
      {footer}
    </section>
  );
}
