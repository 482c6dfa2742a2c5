/**
 * What observability costs (issue 21): a benchmark given `--variants off,metrics,traces` starts the
 * store once per variant, one after another, and measures each the same way:
 * - `off`: METRICS_ENABLED=false and no OTLP endpoint — no instrument at all, the baseline;
 * - `metrics`: the Prometheus instruments on (the default), tracing off;
 * - `traces`: metrics, and tracing on with every span exported over OTLP/HTTP to a sink in the
 *   benchmark's process that answers 200 and drops it (the exporter's whole cost, no backend's).
 * Without `--variants` the store runs once with the environment as it is.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const VARIANTS = ['off', 'metrics', 'traces'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The variants asked for (`--variants off,metrics,traces`), or undefined for one run as configured. */
export function variantsFrom(arg: string | undefined): Variant[] | undefined {
  if (arg === undefined) return undefined;
  const asked = arg.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = asked.filter((name) => !(VARIANTS as readonly string[]).includes(name));
  if (unknown.length > 0 || asked.length === 0) throw new Error(`--variants is a comma-separated list of ${VARIANTS.join(', ')} (got "${arg}")`);
  return asked as Variant[];
}

export interface OtlpSink {
  url: string;
  /** Export requests received so far (each a batch of spans). */
  received(): number;
  close(): Promise<void>;
}

/** An OTLP/HTTP receiver that reads each export and answers 200 with nothing kept. */
export async function startOtlpSink(): Promise<OtlpSink> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The store's environment for a variant: `env` with the settings that switch its instruments. */
export function variantEnv(variant: Variant | undefined, env: NodeJS.ProcessEnv, sink: OtlpSink | undefined): NodeJS.ProcessEnv {
  if (variant === undefined) return env;
  const {
    OTEL_EXPORTER_OTLP_ENDPOINT: _endpoint,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _tracesEndpoint,
    OTEL_SDK_DISABLED: _disabled,
    ...rest
  } = env;
  if (variant === 'off') return { ...rest, METRICS_ENABLED: 'false' };
  if (variant === 'metrics') return { ...rest, METRICS_ENABLED: 'true' };
  if (!sink) throw new Error('the traces variant needs the OTLP sink');
  return { ...rest, METRICS_ENABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'parentbased_always_on' };
}

/** One figure of one row in one variant, for the comparison table. */
export interface VariantFigure {
  variant: Variant;
  row: string;
  /** Higher is better (req/s, orders/s). */
  rate: number;
  /**
   * The rate over a baseline measured in the same round on the same machine (catalog: the
   * hello-world's req/s), which is what `vs off` compares when given: drifts of the machine's
   * load between variants cancel out.
   */
  normalized?: number;
  p99: number;
}

/**
 * Each row's rate and p99 in every variant, and the rate as a fraction of the `off` variant's (the
 * cost of the instruments: 0.97 is 3% fewer requests a second).
 */
export function printVariantComparison(figures: VariantFigure[], rateName: string): void {
  const variants = [...new Set(figures.map((figure) => figure.variant))];
  const rows = [...new Set(figures.map((figure) => figure.row))];
  console.log(`\nInstruments compared (rate: ${rateName}; vs off: the row's rate over the \`off\` variant's, each first divided by its round's baseline where there is one)\n`);
  console.log(`| what | ${variants.map((variant) => `${variant}: ${rateName} | p99 ms${variant === 'off' ? '' : ' | vs off'}`).join(' | ')} |`);
  console.log(`|---|${variants.map((variant) => (variant === 'off' ? '---:|---:|' : '---:|---:|---:|')).join('')}`);
  for (const row of rows) {
    const of = (variant: Variant) => figures.find((figure) => figure.row === row && figure.variant === variant);
    const off = of('off');
    const cells = variants.map((variant) => {
      const figure = of(variant);
      if (!figure) return variant === 'off' ? ' | ' : ' | | ';
      const base = `${figure.rate.toFixed(1)} | ${figure.p99.toFixed(0)}`;
      if (variant === 'off') return base;
      const ratio = figure.normalized !== undefined && off?.normalized ? figure.normalized / off.normalized : off && off.rate > 0 ? figure.rate / off.rate : undefined;
      return `${base} | ${ratio === undefined ? 'n/a' : ratio.toFixed(3)}`;
    });
    console.log(`| ${row} | ${cells.join(' | ')} |`);
  }
}
