import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@inkwell/ui-kit/button';
import { formatCount } from '@/lib/format';
import styles from './email.module.css';

export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  color: string;
}

interface ChartFigureProps<T extends object> {
  title: string;
  /** One sentence of what the chart says, read by screen readers in place of the drawing. */
  summary: string;
  rows: readonly T[];
  xKey: keyof T & string;
  /** How an x value is written on the axis and in the table. */
  formatX: (value: string) => string;
  series: readonly ChartSeries<T>[];
  kind?: 'bar' | 'line';
  /** Table rows worth listing (a 15-minute timeline has hundreds of empty steps). */
  tableRows?: readonly T[];
  tableNote?: string;
}

/**
 * A chart with its title and its figures as a table behind "Show table": the drawing is an image
 * with a summary for screen readers; the table holds every number it draws.
 */
export function ChartFigure<T extends object>({ title, summary, rows, xKey, formatX, series, kind = 'bar', tableRows, tableNote }: ChartFigureProps<T>) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const listed = tableRows ?? rows;
  const data: Record<string, unknown>[] = rows.map((row) => ({ ...row, __x: formatX(String(row[xKey])) }));
  return (
    <figure className={styles.chartFigure} aria-labelledby={`${id}-title`}>
      <div className={styles.chartHead}>
        <figcaption id={`${id}-title`} className={styles.chartTitle}>
          {title}
        </figcaption>
        <Button variant="secondary" size="sm" onClick={() => setShowTable((open) => !open)} aria-expanded={showTable} aria-controls={`${id}-table`}>
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </div>
      <div className={styles.chart} role="img" aria-label={`${title}: ${summary}`}>
        <ResponsiveContainer width="100%" height={240}>
          {kind === 'line' ? (
            <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#d8dbe6" />
              <XAxis dataKey="__x" tick={{ fontSize: 12 }} minTickGap={24} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              {series.map((item) => (
                <Line key={item.key} type="monotone" dataKey={item.key} name={item.label} stroke={item.color} dot={false} strokeWidth={2} isAnimationActive={false} />
              ))}
            </LineChart>
          ) : (
            <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#d8dbe6" />
              <XAxis dataKey="__x" tick={{ fontSize: 12 }} minTickGap={12} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              {series.length > 1 && <Legend />}
              {series.map((item) => (
                <Bar key={item.key} dataKey={item.key as string} name={item.label} fill={item.color} stackId={series.length > 1 ? 'all' : undefined} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <p className={styles.muted}>{summary}</p>
      <div id={`${id}-table`} hidden={!showTable} className={styles.tableWrap} role="region" aria-label={`${title}, as a table`} tabIndex={showTable ? 0 : undefined}>
        {showTable && (
          <table className={styles.table}>
            <caption className={styles.caption}>
              {title}
              {tableNote ? ` (${tableNote})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                {series.map((item) => (
                  <th key={item.key} scope="col" className={styles.number}>
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {listed.length === 0 ? (
                <tr>
                  <td colSpan={series.length + 1}>Nothing in this range.</td>
                </tr>
              ) : (
                listed.map((row) => (
                  <tr key={String(row[xKey])}>
                    <th scope="row">{formatX(String(row[xKey]))}</th>
                    {series.map((item) => (
                      <td key={item.key} className={styles.number}>
                        {formatCount(Number(row[item.key]))}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}
