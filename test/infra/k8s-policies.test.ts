/**
 * The prod overlay's network policies and monitoring agree with the code.
 *
 * Network policies are evaluated the way the API defines them: a pod selected by some policy of a
 * direction is isolated in it, and a connection passes when a policy of the destination lets it in
 * and one of the source lets it out. The calls between workloads that must pass are derived from
 * the sources (each workload's `config.peers.<service>.grpcAddress` and `.httpUrl`), so a new gRPC
 * client without its policy fails here, and so does a port left open to anyone else.
 *
 * Alerts and the dashboard: every PromQL expression parses (Prometheus' own grammar,
 * @prometheus-io/lezer-promql) and names only metrics something registers: Inkwell's code,
 * prom-client's default metrics, kube-state-metrics, or a recording rule of the same file.
 *
 * Where Prometheus' `promtool` is at hand (`PROMTOOL`, or on the PATH), it type-checks the rules and
 * the dashboard's queries too, and runs test/infra/k8s-alerts.promtool.yaml: each alert fires on
 * the series it watches, and only there.
 *
 * The overlay is rendered by `kubectl kustomize`; where kubectl (or promtool) is missing the tests
 * that need it are skipped and say so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BlockList } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import type { IPodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import type { IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { describe, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { skipBecause } from '@inkwell/platform/testing';
import { SERVICE_NAMES, isServiceName, type ServiceName } from '../../services/platform/src/topology';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAMESPACE = 'inkwell';
const WORKLOAD_NAMES: Array<ServiceName | 'gateway'> = [...SERVICE_NAMES, 'gateway'];
type WorkloadName = (typeof WORKLOAD_NAMES)[number];

/** Namespaces the policies name, as k8s/components/network-policies documents them. */
const INGRESS_CONTROLLER_NAMESPACE = 'ingress-nginx';
const MONITORING_NAMESPACE = 'monitoring';

/** The managed data stores' private subnet in prod (k8s/overlays/prod/network-policies.yaml). */
const DATA_STORE_ADDRESS = '10.20.0.10';

interface Rendered {
  deployments: Map<string, IDeployment>;
  policies: INetworkPolicy[];
  podMonitors: IPodMonitor[];
  rules: IPrometheusRule[];
  configMaps: IConfigMap[];
}

function kubectlMissing(): string | undefined {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return probe.error ? `kubectl not installed: ${probe.error.message}; the prod overlay was not built` : undefined;
}

const skip = skipBecause(kubectlMissing());

const PROMTOOL = process.env.PROMTOOL || 'promtool';

function promtoolMissing(): string | undefined {
  const probe = spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return `promtool not found (set PROMTOOL or put it on the PATH): the alerts were not run on test series`;
  return kubectlMissing();
}
let built: Rendered | undefined;

function prod(): Rendered {
  if (built) return built;
  const run = spawnSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'overlays', 'prod')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, `kubectl kustomize failed:\n${run.stderr}`);
  const rendered: Rendered = { deployments: new Map(), policies: [], podMonitors: [], rules: [], configMaps: [] };
  for (const document of parseAllDocuments(run.stdout)) {
    const object = document.toJS() as { kind?: string; metadata?: { name?: string } } | null;
    switch (object?.kind) {
      case 'Deployment': rendered.deployments.set(object.metadata!.name!, object as IDeployment); break;
      case 'NetworkPolicy': rendered.policies.push(object as INetworkPolicy); break;
      case 'PodMonitor': rendered.podMonitors.push(object as IPodMonitor); break;
      case 'PrometheusRule': rendered.rules.push(object as IPrometheusRule); break;
      case 'ConfigMap': rendered.configMaps.push(object as IConfigMap); break;
    }
  }
  built = rendered;
  return rendered;
}

// ---------------------------------------------------------------------------------------------
// Who calls whom, from the sources

/** The TypeScript sources of a workload, without its tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function workloadSource(workload: WorkloadName): string {
  return sources(path.join(ROOT, 'services', workload, 'src')).map((file) => readFileSync(file, 'utf8')).join('\n');
}

/**
 * The services a workload calls by one kind of peer address (`grpcAddress`, `httpUrls`, singular
 * or plural): `peers.<service>.<field>` names one; any other use of the field (an index such as
 * the gateway's health check over `config.peers[name]`, or the whole list handed on, as the
 * gateway's upstreams take every service's HTTP addresses) stands for every service.
 */
function callees(workload: WorkloadName, field: 'grpcAddress' | 'httpUrl'): Set<ServiceName> {
  const text = workloadSource(workload);
  const called = new Set<ServiceName>();
  const named = new RegExp(`peers\\.(\\w+)\\.${field}(?:es|s)?\\b`, 'g');
  for (const [, peer] of text.matchAll(named)) {
    assert.ok(isServiceName(peer!), `${workload} addresses an unknown peer "${peer}"`);
    called.add(peer);
  }
  if (new RegExp(`\\b${field}(?:es|s)?\\b`).test(text.replace(named, ''))) for (const service of SERVICE_NAMES) called.add(service);
  called.delete(workload as ServiceName);
  return called;
}

const GRPC_CALLS = new Map(WORKLOAD_NAMES.map((name) => [name, callees(name, 'grpcAddress')]));
const HTTP_CALLS = new Map(WORKLOAD_NAMES.map((name) => [name, callees(name, 'httpUrl')]));

// ---------------------------------------------------------------------------------------------
// NetworkPolicy semantics

interface Endpoint {
  /** Set for a pod; an address outside the cluster has none. */
  namespace?: string;
  labels?: Record<string, string>;
  ip: string;
  /** Named container ports, which a policy may name instead of a number. */
  namedPorts?: Record<string, number>;
}

function selects(selector: ILabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In': return key in labels && values.includes(labels[key]!);
      case 'NotIn': return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists': return key in labels;
      case 'DoesNotExist': return !(key in labels);
      default: return assert.fail(`unknown selector operator ${operator}`);
    }
  });
  return byLabel && byExpression;
}

function inBlock(ip: string, cidr: string, except: string[] = []): boolean {
  const contains = (range: string) => {
    const [network, prefix] = range.split('/');
    const list = new BlockList();
    list.addSubnet(network!, Number(prefix), 'ipv4');
    return list.check(ip, 'ipv4');
  };
  return contains(cidr) && !except.some(contains);
}

function peerMatches(peer: INetworkPolicyPeer, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) return inBlock(other.ip, peer.ipBlock.cidr, peer.ipBlock.except);
  if (other.namespace === undefined) return false;
  const namespaceLabels = { 'kubernetes.io/metadata.name': other.namespace };
  const namespaceOk = peer.namespaceSelector ? selects(peer.namespaceSelector, namespaceLabels) : other.namespace === policyNamespace;
  return namespaceOk && (!peer.podSelector || selects(peer.podSelector, other.labels ?? {}));
}

function portMatches(ports: INetworkPolicyPort[] | undefined, port: number, protocol: string, destination: Endpoint): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((rule) => {
    if ((rule.protocol ?? 'TCP') !== protocol) return false;
    if (rule.port === undefined) return true;
    if (typeof rule.port === 'string') return destination.namedPorts?.[rule.port] === port;
    return rule.endPort === undefined ? rule.port === port : port >= rule.port && port <= rule.endPort;
  });
}

/** Whether the policies of `subject`'s namespace let `other` in (ingress) or let `subject` out to it (egress). */
function admits(policies: INetworkPolicy[], direction: 'Ingress' | 'Egress', subject: Endpoint, other: Endpoint, port: number, protocol: string): boolean {
  if (subject.namespace !== NAMESPACE) return true; // only Inkwell's namespace carries policies here
  const applying = policies.filter((policy) => {
    const types = policy.spec?.policyTypes ?? (policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress']);
    return types.includes(direction) && selects(policy.spec?.podSelector, subject.labels ?? {});
  });
  if (applying.length === 0) return true;
  const destination = direction === 'Ingress' ? subject : other;
  return applying.some((policy) => {
    const rules = (direction === 'Ingress' ? policy.spec?.ingress?.map((r) => ({ peers: r.from, ports: r.ports })) : policy.spec?.egress?.map((r) => ({ peers: r.to, ports: r.ports }))) ?? [];
    return rules.some(
      (rule) =>
        (!rule.peers || rule.peers.length === 0 || rule.peers.some((peer) => peerMatches(peer, policy.metadata!.namespace ?? NAMESPACE, other))) &&
        portMatches(rule.ports, port, protocol, destination),
    );
  });
}

function connects(policies: INetworkPolicy[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  return admits(policies, 'Egress', from, to, port, protocol) && admits(policies, 'Ingress', to, from, port, protocol);
}

/** A workload's pod as the Deployment describes it. */
function pod(r: Rendered, name: string, index = 0): Endpoint {
  const deployment = r.deployments.get(name);
  assert.ok(deployment, `no Deployment ${name}`);
  const container = deployment.spec!.template.spec!.containers[0]!;
  return {
    namespace: deployment.metadata!.namespace,
    labels: deployment.spec!.template.metadata!.labels ?? {},
    ip: `10.244.${index}.${WORKLOAD_NAMES.indexOf(name as WorkloadName) + 10}`,
    namedPorts: Object.fromEntries((container.ports ?? []).map((p) => [p.name!, p.containerPort])),
  };
}

function workloadPorts(endpoint: Endpoint): Array<[string, number]> {
  return Object.entries(endpoint.namedPorts ?? {});
}

/** Pods that are no Inkwell workload, each standing for a kind of caller. */
const OUTSIDERS: Record<string, Endpoint> = {
  'the ingress controller': { namespace: INGRESS_CONTROLLER_NAMESPACE, labels: { 'app.kubernetes.io/name': 'ingress-nginx' }, ip: '10.244.9.1' },
  Prometheus: { namespace: MONITORING_NAMESPACE, labels: { 'app.kubernetes.io/name': 'prometheus' }, ip: '10.244.9.2' },
  'a pod of another namespace': { namespace: 'default', labels: { app: 'anything' }, ip: '10.244.9.3' },
  'an unknown pod in Inkwell\'s namespace': { namespace: NAMESPACE, labels: { app: 'debug' }, ip: '10.244.9.4' },
  'an address outside the cluster': { ip: '203.0.113.7' },
};

/**
 * Which outsider may open which port of a workload: the ingress to the gateway, Prometheus to
 * metrics, and anyone outside to support's SMTP listener (mail relays are anywhere; it takes mail for the
 * support address only).
 */
function outsiderMayReach(outsider: string, workload: WorkloadName, portName: string): boolean {
  if (portName === 'metrics') return outsider === 'Prometheus';
  // (An unknown pod of Inkwell's namespace is still held back by the namespace's default-deny egress.)
  if (workload === 'support' && portName === 'smtp') return outsider !== "an unknown pod in Inkwell's namespace";
  return outsider === 'the ingress controller' && workload === 'gateway' && portName === 'http';
}

/** The Secrets a Deployment reads whole (envFrom), and the variables it sets itself. */
function reads(r: Rendered, name: string): { secrets: Set<string>; env: Set<string> } {
  const container = r.deployments.get(name)!.spec!.template.spec!.containers[0]!;
  return {
    secrets: new Set((container.envFrom ?? []).flatMap((source) => (source.secretRef?.name ? [source.secretRef.name] : []))),
    env: new Set((container.env ?? []).map((variable) => variable.name)),
  };
}

function config(r: Rendered): Record<string, string> {
  const map = r.configMaps.find((c) => c.metadata?.name?.startsWith('inkwell-config'));
  assert.ok(map?.data, 'prod renders inkwell-config');
  return map.data;
}

function urlPort(url: string, defaults: Record<string, number>): number {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : defaults[parsed.protocol]!;
}

describe('network policies of the prod overlay', () => {
  test('the code calls peers the way the derivation reads them', () => {
    // A gRPC client the derivation missed (a new way to reach a peer) would leave its workload
    // without edges; every workload that makes a client must show at least one.
    for (const workload of WORKLOAD_NAMES) {
      if (/createGrpcClient\s*</.test(workloadSource(workload))) {
        assert.ok(GRPC_CALLS.get(workload)!.size > 0, `${workload} makes gRPC clients, but no peers.<service>.grpcAddress was found`);
      }
    }
    assert.ok(GRPC_CALLS.get('order')!.has('cart'), 'the order service calls the cart at checkout');
    assert.deepEqual([...HTTP_CALLS.get('gateway')!].sort(), [...SERVICE_NAMES].sort(), 'the gateway routes to every service');
  });

  test('denies everything in the namespace by default', { skip }, () => {
    const r = prod();
    const deny = r.policies.find((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && !p.spec?.ingress && !p.spec?.egress);
    assert.ok(deny, 'a policy selecting every pod with no rule');
    assert.deepEqual([...(deny.spec?.policyTypes ?? [])].sort(), ['Egress', 'Ingress']);
    for (const policy of r.policies) assert.equal(policy.metadata?.namespace, NAMESPACE, `NetworkPolicy ${policy.metadata?.name}`);
  });

  test('allows every call between workloads that the code makes, and no other', { skip }, () => {
    const r = prod();
    const wrong: string[] = [];
    for (const from of WORKLOAD_NAMES) {
      for (const to of WORKLOAD_NAMES) {
        if (from === to) continue;
        const destination = pod(r, to);
        for (const [portName, port] of workloadPorts(destination)) {
          const expected =
            to !== 'gateway' &&
            ((portName === 'grpc' && GRPC_CALLS.get(from)!.has(to)) || (portName === 'http' && HTTP_CALLS.get(from)!.has(to)));
          const actual = connects(r.policies, pod(r, from), destination, port);
          if (actual !== expected) wrong.push(`${from} → ${to}:${portName} (${port}) is ${actual ? 'open' : 'closed'}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('lets the ingress controller reach the gateway only, and Prometheus the metrics ports only', { skip }, () => {
    const r = prod();
    const wrong: string[] = [];
    for (const workload of WORKLOAD_NAMES) {
      const destination = pod(r, workload);
      for (const [portName, port] of workloadPorts(destination)) {
        for (const [outsider, endpoint] of Object.entries(OUTSIDERS)) {
          const expected = outsiderMayReach(outsider, workload, portName);
          if (connects(r.policies, endpoint, destination, port) !== expected) wrong.push(`${outsider} → ${workload}:${portName} should be ${expected ? 'open' : 'closed'}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('gives every pod the cluster DNS and the trace collector, and nothing else of those namespaces', { skip }, () => {
    const r = prod();
    const dns: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ip: '10.244.8.1' };
    const otherSystemPod: Endpoint = { namespace: 'kube-system', labels: { component: 'etcd' }, ip: '10.244.8.2' };
    const collector: Endpoint = { namespace: MONITORING_NAMESPACE, labels: { app: 'otel-collector' }, ip: '10.244.8.3' };
    for (const workload of WORKLOAD_NAMES) {
      const source = pod(r, workload);
      assert.ok(connects(r.policies, source, dns, 53, 'UDP') && connects(r.policies, source, dns, 53, 'TCP'), `${workload} resolves names`);
      assert.ok(!connects(r.policies, source, otherSystemPod, 2379), `${workload} reaches etcd`);
      assert.ok(!connects(r.policies, source, dns, 8080), `${workload} reaches kube-dns beyond port 53`);
      assert.ok(connects(r.policies, source, collector, 4318), `${workload} exports traces over OTLP/HTTP`);
    }
  });

  test('lets only the workloads that use a data store reach it, on the port prod configures', { skip }, () => {
    const r = prod();
    const settings = config(r);
    const store: Endpoint = { ip: DATA_STORE_ADDRESS };
    const kafkaPorts = new Set(settings.KAFKA_BROKERS!.split(',').map((broker) => Number(broker.split(':').pop())));
    assert.equal(kafkaPorts.size, 1, 'every broker on one port');
    // Each store: its port, and who uses it (from the Deployments' own settings and Secrets).
    const stores: Array<[string, number, (name: string) => boolean]> = [
      ['Postgres', 5432, (name) => reads(r, name).env.has('DATABASE_URL')],
      ['Kafka', [...kafkaPorts][0]!, (name) => reads(r, name).secrets.has('inkwell-kafka')],
      ['Redis', urlPort(settings.REDIS_URL!, { 'redis:': 6379, 'rediss:': 6379 }), () => true],
      ['OpenSearch', urlPort(settings.OPENSEARCH_URL!, { 'http:': 80, 'https:': 443 }), (name) => reads(r, name).secrets.has('inkwell-opensearch')],
    ];
    const wrong: string[] = [];
    for (const workload of WORKLOAD_NAMES) {
      const source = pod(r, workload);
      for (const [what, port, uses] of stores) {
        if (connects(r.policies, source, store, port) !== uses(workload)) wrong.push(`${workload} → ${what} (${port})`);
      }
      if (connects(r.policies, source, store, 22)) wrong.push(`${workload} → the data stores' subnet on port 22`);
    }
    assert.deepEqual(wrong, []);
  });

  test('reaches the internet only for mail (support) and HTTPS (payments, the bucket), never a private address', { skip }, () => {
    const r = prod();
    const internet: Endpoint = { ip: '203.0.113.20' };
    assert.equal(config(r).S3_ENDPOINT, '', 'prod keeps its bucket at AWS S3, over HTTPS');
    const wrong: string[] = [];
    for (const workload of WORKLOAD_NAMES) {
      const source = pod(r, workload);
      const { secrets } = reads(r, workload);
      // The order service's card processor (Stripe's API); support's Amazon SES API and SNS
      // confirmations; the bucket of whoever reads inkwell-s3.
      const https = workload === 'order' || workload === 'support' || secrets.has('inkwell-s3');
      const smtp = secrets.has('inkwell-smtp');
      if (connects(r.policies, source, internet, 443) !== https) wrong.push(`${workload} → internet:443`);
      for (const port of [587, 465]) if (connects(r.policies, source, internet, port) !== smtp) wrong.push(`${workload} → internet:${port}`);
      for (const port of [25, 80, 5432]) if (connects(r.policies, source, internet, port)) wrong.push(`${workload} → internet:${port}`);
      for (const ip of ['10.1.2.3', '172.16.0.5', '192.168.1.1', '169.254.169.254']) {
        if (connects(r.policies, source, { ip }, 443)) wrong.push(`${workload} → ${ip}:443`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});

// ---------------------------------------------------------------------------------------------
// Monitoring

/** Metric names Inkwell's code registers: string literals `inkwell_…` in the workloads' and platform's sources. */
function registeredMetrics(): Set<string> {
  const names = new Set<string>();
  for (const dir of readdirSync(path.join(ROOT, 'services'))) {
    const src = path.join(ROOT, 'services', dir, 'src');
    if (!existsSync(src)) continue;
    for (const file of sources(src)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"`](inkwell_[a-z0-9_]+)['"`]/g)) names.add(name!);
    }
  }
  return names;
}

/** prom-client's default metrics (process_*, nodejs_*), read from the installed library. */
function promClientDefaults(): Set<string> {
  const dir = path.join(ROOT, 'node_modules', 'prom-client', 'lib', 'metrics');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    for (const [, name] of readFileSync(path.join(dir, file), 'utf8').matchAll(/'((?:nodejs|process)_[a-z0-9_]+)'/g)) names.add(name!);
  }
  return names;
}

/** kube-state-metrics' series the alerts use (an exporter outside this repository). */
const KUBE_STATE_METRICS = new Set(['kube_pod_container_status_restarts_total']);

/** The metric names a PromQL expression selects, and its syntax errors. */
function promql(expression: string): { metrics: string[]; errors: string[] } {
  const tree = parser.parse(expression);
  const metrics: string[] = [];
  const errors: string[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors.push(`syntax error at ${node.from}: …${expression.slice(Math.max(0, node.from - 20), node.to + 20)}…`);
      if (node.name === 'VectorSelector') {
        const identifier = node.node.getChild('Identifier');
        if (identifier) metrics.push(expression.slice(identifier.from, identifier.to));
      }
    },
  });
  return { metrics, errors };
}

/** Grafana's variables, replaced by values so that the expression is plain PromQL. */
function withoutDashboardVariables(expression: string): string {
  return expression.replaceAll('$__rate_interval', '5m').replace(/\$(\w+)/g, 'x');
}

function unknownMetrics(metrics: Iterable<string>, known: Set<string>): string[] {
  return [...metrics].filter((name) => !known.has(name) && !known.has(name.replace(/_(bucket|sum|count)$/, '')));
}

describe('monitoring in the prod overlay', () => {
  test('scrapes every workload on its metrics port, with or without the Prometheus Operator', { skip }, () => {
    const r = prod();
    assert.equal(r.podMonitors.length, 1, 'one PodMonitor');
    const monitor = r.podMonitors[0]!;
    assert.equal(monitor.metadata?.namespace, NAMESPACE);
    const [endpoint, ...others] = monitor.spec.podMetricsEndpoints ?? [];
    assert.equal(others.length, 0);
    assert.equal(endpoint?.port, 'metrics');
    assert.equal(endpoint?.path, '/metrics');
    for (const [name, deployment] of r.deployments) {
      const template = deployment.spec!.template;
      assert.ok(selects(monitor.spec.selector as ILabelSelector, template.metadata?.labels ?? {}), `the PodMonitor does not select ${name}`);
      const metricsPort = pod(r, name).namedPorts?.metrics;
      assert.ok(metricsPort, `${name} declares no metrics port`);
      const annotations = template.metadata?.annotations ?? {};
      assert.equal(annotations['prometheus.io/scrape'], 'true', `${name} prometheus.io/scrape`);
      assert.equal(annotations['prometheus.io/port'], String(metricsPort), `${name} prometheus.io/port`);
      assert.equal(annotations['prometheus.io/path'], '/metrics', `${name} prometheus.io/path`);
    }
  });

  test('alerts on 5xx ratio, p99 per route group, outbox age, consumer lag, dead letters and pod restarts, each actionable', { skip }, () => {
    const r = prod();
    assert.equal(r.rules.length, 1, 'one PrometheusRule');
    const groups = r.rules[0]!.spec.groups ?? [];
    const rules = groups.flatMap((group) => group.rules ?? []);
    const recorded = new Map(rules.filter((rule) => rule.record).map((rule) => [rule.record!, String(rule.expr)]));
    /** An expression with its recording rules expanded, so an alert is judged by what it really reads. */
    const expand = (expression: string, depth = 0): string => {
      assert.ok(depth < 5, 'recording rules refer to each other in a loop');
      return promql(expression).metrics.reduce((text, name) => (recorded.has(name) ? `${text}\n${expand(recorded.get(name)!, depth + 1)}` : text), expression);
    };
    const runbook = readFileSync(path.join(ROOT, 'k8s', 'components', 'observability', 'RUNBOOK.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^## (\w+)$/gm)].map(([, heading]) => heading!.toLowerCase()));

    const alerts = rules.filter((rule) => rule.alert);
    for (const alert of alerts) {
      const name = alert.alert!;
      assert.ok(['critical', 'warning'].includes(alert.labels?.severity ?? ''), `${name} severity`);
      assert.ok(alert.annotations?.summary && alert.annotations.description, `${name} summary and description`);
      const [, anchor] = /^RUNBOOK\.md#([a-z0-9-]+): \S/.exec(alert.annotations?.runbook ?? '') ?? [];
      assert.ok(anchor, `${name}'s runbook annotation should point at its RUNBOOK.md section and say what to do`);
      assert.equal(anchor, name.toLowerCase(), `${name}'s runbook anchor`);
      assert.ok(anchors.has(anchor), `RUNBOOK.md has no section ## ${name}`);
    }

    const wanted: Array<[string, RegExp]> = [
      ['5xx ratio', /inkwell_http_requests_total\{[^}]*status_class="5xx"/],
      ['p99 latency per route group', /histogram_quantile\(0\.99,[\s\S]*route_group[\s\S]*inkwell_http_request_duration_seconds_bucket/],
      ['outbox oldest-row age', /inkwell_outbox_oldest_age_seconds/],
      ['consumer lag', /inkwell_consumer_lag\b/],
      ['any dead letter', /inkwell_dead_letters\)?\s*>\s*0\b/],
      ['pod restarts', /kube_pod_container_status_restarts_total/],
    ];
    for (const [what, pattern] of wanted) {
      assert.ok(alerts.some((alert) => pattern.test(expand(String(alert.expr)))), `no alert on ${what}`);
    }
  });

  test('every alert and dashboard expression parses and reads only metrics something registers', { skip }, () => {
    const r = prod();
    const rules = r.rules.flatMap((rule) => (rule.spec.groups ?? []).flatMap((group) => group.rules ?? []));
    const known = new Set([...registeredMetrics(), ...promClientDefaults(), ...KUBE_STATE_METRICS, ...rules.flatMap((rule) => (rule.record ? [rule.record] : []))]);
    assert.ok(known.has('inkwell_http_requests_total') && known.has('nodejs_eventloop_lag_p99_seconds'), 'the registered names were found');

    const problems: string[] = [];
    const check = (where: string, expression: string) => {
      const { metrics, errors } = promql(expression);
      problems.push(...errors.map((error) => `${where}: ${error}`));
      problems.push(...unknownMetrics(metrics, known).map((name) => `${where}: ${name} is registered nowhere`));
      if (metrics.length === 0) problems.push(`${where}: reads no metric`);
    };
    for (const rule of rules) check(rule.alert ?? rule.record!, String(rule.expr));
    for (const panel of dashboard(r).panels) {
      for (const target of panel.targets ?? []) check(`panel "${panel.title}"`, withoutDashboardVariables(target.expr));
    }
    assert.deepEqual(problems, []);
  });

  test('the alerts and the dashboard pass promtool: rules, templates and queries type-check, and each alert fires on its test series only', { skip: skipBecause(promtoolMissing()) }, () => {
    const r = prod();
    for (const panel of dashboard(r).panels) {
      for (const target of panel.targets ?? []) {
        // Prometheus' own parser, with its type checks (a range where a function wants one, …).
        const format = spawnSync(PROMTOOL, ['--experimental', 'promql', 'format', withoutDashboardVariables(target.expr)], { encoding: 'utf8' });
        assert.equal(format.status, 0, `panel "${panel.title}": ${format.stderr}`);
      }
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-alerts-'));
    try {
      const groups = r.rules[0]!.spec.groups ?? [];
      writeFileSync(path.join(dir, 'checked.yaml'), JSON.stringify({ groups }));
      const check = spawnSync(PROMTOOL, ['check', 'rules', path.join(dir, 'checked.yaml')], { encoding: 'utf8' });
      assert.equal(check.status, 0, `promtool check rules:\n${check.stdout}${check.stderr}`);
      // The unit tests compare labels; annotations (checked above) would repeat every text there.
      const bare = groups.map((group) => ({ ...group, rules: (group.rules ?? []).map(({ annotations: _annotations, ...rule }) => rule) }));
      writeFileSync(path.join(dir, 'rules.yaml'), JSON.stringify({ groups: bare }));
      copyFileSync(path.join(ROOT, 'test', 'infra', 'k8s-alerts.promtool.yaml'), path.join(dir, 'alerts.yaml'));
      const run = spawnSync(PROMTOOL, ['test', 'rules', 'alerts.yaml'], { cwd: dir, encoding: 'utf8' });
      assert.equal(run.status, 0, `promtool test rules:\n${run.stdout}${run.stderr}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('ships a Grafana dashboard with RED per route, the checkout, events, the event loop and the pools', { skip }, () => {
    const r = prod();
    const board = dashboard(r);
    const read = new Set(board.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => promql(withoutDashboardVariables(target.expr)).metrics)));
    for (const metric of [
      'inkwell_http_requests_total',
      'inkwell_http_request_duration_seconds_bucket',
      'inkwell_checkout_steps_total',
      'inkwell_orders_completed_total',
      'inkwell_outbox_backlog',
      'inkwell_outbox_oldest_age_seconds',
      'inkwell_consumer_lag',
      'inkwell_dead_letters',
      'nodejs_eventloop_lag_p99_seconds',
      'inkwell_db_pool_clients',
    ]) {
      assert.ok(read.has(metric), `no panel reads ${metric}`);
    }
    const byRoute = board.panels.filter((panel) => (panel.targets ?? []).some((target) => /by \([^)]*\broute\b/.test(target.expr)));
    assert.ok(byRoute.length >= 3, 'rate, errors and duration per route');
  });
});

interface Dashboard {
  uid: string;
  panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
}

/** The Grafana dashboard ConfigMap, found by the label Grafana's sidecar looks for. */
function dashboard(r: Rendered): Dashboard {
  const maps = r.configMaps.filter((map) => map.metadata?.labels?.grafana_dashboard === '1');
  assert.equal(maps.length, 1, 'one ConfigMap labelled grafana_dashboard: "1"');
  const files = Object.entries(maps[0]!.data ?? {});
  assert.equal(files.length, 1);
  const [file, json] = files[0]!;
  assert.match(file, /\.json$/);
  const board = JSON.parse(json) as Dashboard;
  assert.ok(board.uid, 'the dashboard has a fixed uid');
  return board;
}
