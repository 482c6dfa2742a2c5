import { register } from 'prom-client';

/**
 * Calls (requests, RPCs) counted by outcome and timed, for the hot paths: an HTTP request and a
 * gRPC call each record once, and prom-client's own `inc(labels)` / `observe(labels)` hash the
 * label object on every call (about a microsecond for the pair). Here a caller takes its series
 * once per label set (`series(labels)`, which the caller keeps), and recording is a few additions;
 * the totals become Prometheus samples only when scraped, as a counter `<calls.name>{…, outcome}`
 * and a histogram `<duration.name>{…}` in prom-client's default registry, next to every other metric.
 */
export interface CallMetricsConfig<L extends string> {
  calls: { name: string; help: string };
  duration: { name: string; help: string; buckets: readonly number[] };
  /** Labels both metrics carry, in this order. */
  labelNames: readonly L[];
  /** The counter's extra label: how a call ended (a status class, a gRPC code name). */
  outcomeLabel: string;
}

export interface CallSeries {
  /** One call that ended with `outcome` after `seconds`. */
  record(outcome: string, seconds: number): void;
}

interface SeriesState extends CallSeries {
  labels: Record<string, string>;
  outcomes: Map<string, number>;
  /** Calls per bucket (not cumulative: `counts[i]` holds calls in (bucket i-1, bucket i]; the last slot is +Inf). */
  counts: Float64Array;
  sum: number;
  count: number;
}

type Sample = { value: number; labels: Record<string, string | number>; metricName?: string };

export class CallMetrics<L extends string> {
  private readonly series_ = new Map<string, SeriesState>();
  private readonly buckets: readonly number[];

  constructor(private readonly config: CallMetricsConfig<L>) {
    this.buckets = [...config.duration.buckets].sort((a, b) => a - b);
    register.registerMetric(this.metricLike('counter', config.calls, () => this.callSamples()) as never);
    register.registerMetric(this.metricLike('histogram', config.duration, () => this.durationSamples()) as never);
  }

  /** The series of one label set, created on first use; keep it rather than asking again per call. */
  series(labels: Record<L, string>): CallSeries {
    const key = this.config.labelNames.map((name) => labels[name]).join('\u0000');
    let state = this.series_.get(key);
    if (!state) {
      const buckets = this.buckets;
      const created: SeriesState = {
        labels: Object.fromEntries(this.config.labelNames.map((name) => [name, labels[name]])),
        outcomes: new Map(),
        counts: new Float64Array(buckets.length + 1),
        sum: 0,
        count: 0,
        record(outcome, seconds) {
          created.outcomes.set(outcome, (created.outcomes.get(outcome) ?? 0) + 1);
          created.sum += seconds;
          created.count += 1;
          let index = 0;
          while (index < buckets.length && seconds > buckets[index]!) index += 1;
          created.counts[index]! += 1;
        },
      };
      state = created;
      this.series_.set(key, state);
    }
    return state;
  }

  /** Forgets every series (tests). */
  reset(): void {
    this.series_.clear();
  }

  private callSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const state of this.series_.values()) {
      for (const [outcome, value] of state.outcomes) samples.push({ value, labels: { ...state.labels, [this.config.outcomeLabel]: outcome } });
    }
    return samples;
  }

  private durationSamples(): Sample[] {
    const { name } = this.config.duration;
    const samples: Sample[] = [];
    for (const state of this.series_.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += state.counts[index]!;
        samples.push({ metricName: `${name}_bucket`, value: cumulative, labels: { le: bound, ...state.labels } });
      });
      samples.push({ metricName: `${name}_bucket`, value: state.count, labels: { le: '+Inf', ...state.labels } });
      samples.push({ metricName: `${name}_sum`, value: state.sum, labels: state.labels });
      samples.push({ metricName: `${name}_count`, value: state.count, labels: state.labels });
    }
    return samples;
  }

  /** What prom-client's registry needs of a metric: a name, help, type, and values when scraped. */
  private metricLike(type: 'counter' | 'histogram', meta: { name: string; help: string }, values: () => Sample[]) {
    return {
      owner: this,
      name: meta.name,
      help: meta.help,
      type,
      aggregator: 'sum',
      get: async () => ({ name: meta.name, help: meta.help, type, aggregator: 'sum', values: values() }),
      reset: () => this.reset(),
    };
  }
}
