/**
 * The deployment descriptions agree with the code: every kustomize overlay builds, every object it
 * renders is valid against the Kubernetes schemas, and each service and the gateway are deployed on
 * the ports of services/platform/src/topology.ts, probed on their health routes, locked down, and
 * wired to their settings and Secrets. docker-compose.yml is held to the same topology.
 *
 * Every variable set for an Inkwell process, in k8s/ and docker-compose.yml, must be one the
 * configuration reads (its SETTINGS list), and every one a workload cannot start without must be
 * set for it.
 *
 * The overlays are rendered by `kubectl kustomize`; where kubectl is missing those tests are
 * skipped and say so. The check of k8s/'s files as written, and the docker-compose checks, need
 * nothing but Node.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import { fileURLToPath } from 'node:url';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import { ServiceAccount, type IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { parse, parseAllDocuments } from 'yaml';
import { describeSettings, isSettingName, requiredSettings, type Workload as WorkloadName } from '../../services/platform/src/config';
import { GATEWAY_METRICS_PORT, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS, envPrefix, type ServiceName } from '../../services/platform/src/topology';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The schema class of every kind the overlays may render. A kind missing here fails the test
 * instead of going unvalidated: add its class from kubernetes-models when a new kind is introduced.
 */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  // The Prometheus Operator's custom resources, checked against the CRDs' own schemas.
  'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
};

const CLUSTER_SCOPED = new Set(['Namespace']);

/** What each overlay promises, beyond what every overlay shares. */
const OVERLAYS = {
  dev: { namespace: 'inkwell-dev', secrets: 'generated' },
  prod: { namespace: 'inkwell', secrets: 'existing' },
} as const;

type OverlayName = keyof typeof OVERLAYS;

/** The Secrets prod expects to find in its namespace (k8s/README.md lists their keys). */
const PROD_SECRETS = ['inkwell-auth', 'inkwell-db', 'inkwell-kafka', 'inkwell-media', 'inkwell-opensearch', 'inkwell-s3', 'inkwell-smtp'];

/** The Secrets each Deployment reads in full (envFrom): only the ones it needs. */
const SECRETS_READ_WHOLE: Record<ServiceName | 'gateway', string[]> = {
  account: ['inkwell-kafka'],
  catalog: ['inkwell-kafka', 'inkwell-opensearch', 'inkwell-s3'],
  cart: ['inkwell-kafka'],
  order: ['inkwell-kafka'],
  reader: ['inkwell-kafka', 'inkwell-media', 'inkwell-s3'],
  analytics: ['inkwell-kafka'],
  support: ['inkwell-kafka', 'inkwell-smtp'],
  gateway: ['inkwell-s3'],
};

/** Settings that must never sit in a ConfigMap. */
const SECRET_SETTING = /PASSWORD|SECRET|PRIVATE_KEY|SMTP_URL|DATABASE_URL/;

/** Non-secret settings every deployed overlay provides through inkwell-config. */
const CONFIG_KEYS = [
  'LOG_LEVEL', 'HOST', 'TRUSTED_PROXIES', 'PUBLIC_URL', 'RATE_LIMIT_MAX', 'GEO_COUNTRY_HEADER', 'EMAIL_FROM',
  'KAFKA_BROKERS', 'KAFKA_SSL', 'KAFKA_SASL_MECHANISM', 'REDIS_URL', 'OPENSEARCH_URL', 'S3_BUCKET', 'S3_REGION',
];

interface Workload {
  name: ServiceName | 'gateway';
  http: number;
  grpc?: number;
  metrics: number;
}

const WORKLOADS: Workload[] = [
  ...SERVICE_NAMES.map((name) => ({ name, ...SERVICE_PORTS[name] })),
  { name: 'gateway', http: GATEWAY_PORT, metrics: GATEWAY_METRICS_PORT },
];

/** A setting's default as the configuration declares it (a number of milliseconds here). */
function declaredDefaultMs(name: string): number {
  const declared = describeSettings().find((setting) => setting.name === name);
  const value = Number(/^`(\d+)`$/.exec(declared?.default ?? '')?.[1]);
  assert.ok(Number.isInteger(value), `the configuration declares no numeric default for ${name}`);
  return value;
}

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

interface Rendered {
  deployments: Map<string, IDeployment>;
  services: Map<string, IService>;
  serviceAccounts: Map<string, IServiceAccount>;
  configMaps: Map<string, IConfigMap>;
  secrets: Map<string, ISecret>;
  ingresses: IIngress[];
  autoscalers: IHorizontalPodAutoscaler[];
  budgets: IPodDisruptionBudget[];
  objects: K8sObject[];
  /** Objects the schemas reject or that have no schema class, reported by the first test only. */
  schemaProblems: string[];
}

/** Why the overlays cannot be rendered here, or undefined when kubectl is available. */
function kubectlMissing(): string | undefined {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return probe.error ? `kubectl not installed: ${probe.error.message}; the kustomize overlays were not built` : undefined;
}

const skipOverlays = skipBecause(kubectlMissing());
const builds = new Map<OverlayName, { rendered: Rendered } | { error: unknown }>();

/** Builds an overlay once; a build that failed fails every test of the overlay with its reason. */
function render(overlay: OverlayName): Rendered {
  let outcome = builds.get(overlay);
  if (!outcome) {
    try {
      outcome = { rendered: build(overlay) };
    } catch (error) {
      outcome = { error };
    }
    builds.set(overlay, outcome);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.rendered;
}

function build(overlay: OverlayName): Rendered {
  const dir = path.join(ROOT, 'k8s', 'overlays', overlay);
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, `kubectl kustomize ${dir} failed:\n${run.stderr}`);

  const rendered: Rendered = {
    deployments: new Map(),
    services: new Map(),
    serviceAccounts: new Map(),
    configMaps: new Map(),
    secrets: new Map(),
    ingresses: [],
    autoscalers: [],
    budgets: [],
    objects: [],
    schemaProblems: [],
  };
  for (const document of parseAllDocuments(run.stdout)) {
    assert.deepEqual(document.errors, [], `kustomize output of ${overlay} is not valid YAML`);
    const object = document.toJS() as K8sObject | null;
    if (object === null) continue;
    const id = `${object.apiVersion}/${object.kind}`;
    const Model = MODELS[id];
    if (!Model) {
      rendered.schemaProblems.push(`${id} ${object.metadata?.name}: no schema class in MODELS; add one rather than leave it unchecked`);
      continue;
    }
    try {
      new Model(asSubmitted(object) as never).validate();
    } catch (error) {
      rendered.schemaProblems.push(`${id} ${object.metadata.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    rendered.objects.push(object);
    const name = object.metadata.name;
    switch (object.kind) {
      case 'Deployment': rendered.deployments.set(name, object as unknown as IDeployment); break;
      case 'Service': rendered.services.set(name, object as unknown as IService); break;
      case 'ServiceAccount': rendered.serviceAccounts.set(name, object as unknown as IServiceAccount); break;
      case 'ConfigMap': rendered.configMaps.set(name, object as unknown as IConfigMap); break;
      case 'Secret': rendered.secrets.set(name, object as unknown as ISecret); break;
      case 'Ingress': rendered.ingresses.push(object as unknown as IIngress); break;
      case 'HorizontalPodAutoscaler': rendered.autoscalers.push(object as unknown as IHorizontalPodAutoscaler); break;
      case 'PodDisruptionBudget': rendered.budgets.push(object as unknown as IPodDisruptionBudget); break;
    }
  }
  return rendered;
}

/**
 * The object as the API server reads it. Kustomize wraps the base64 of long Secret values every 70
 * characters; the server's base64 decoding skips line breaks, the schema's `byte` format does not.
 */
function asSubmitted(object: K8sObject): unknown {
  if (object.kind !== 'Secret') return object;
  const { data } = object as unknown as ISecret;
  if (!data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value.replace(/\r?\n/g, '')])) };
}

/** Runs a check on a rendered overlay, or skips it with the reason when kubectl is missing. */
function overlayTest(overlay: OverlayName, name: string, check: (rendered: Rendered) => void): void {
  test(name, { skip: skipOverlays }, () => check(render(overlay)));
}

function podSpec(deployment: IDeployment): IPodSpec {
  const spec = deployment.spec?.template.spec;
  assert.ok(spec, `Deployment ${deployment.metadata?.name} has no pod spec`);
  return spec;
}

function mainContainer(deployment: IDeployment): IContainer {
  const name = deployment.metadata?.name;
  const containers = podSpec(deployment).containers;
  assert.equal(containers.length, 1, `Deployment ${name} should run exactly one container`);
  const container = containers[0]!;
  assert.equal(container.name, name, `Deployment ${name}'s container should carry the service's name`);
  return container;
}

/** The container port number a probe or Service target names, by number or by port name. */
function containerPort(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function hasLabels(labels: Record<string, string> | undefined, wanted: Record<string, string> | undefined): boolean {
  return Object.entries(wanted ?? {}).length > 0 && Object.entries(wanted ?? {}).every(([k, v]) => labels?.[k] === v);
}

/** The name a kustomize generator gave before appending its content hash. */
function generatedFrom(name: string): string {
  return name.replace(/-[a-z0-9]{10}$/, '');
}

/**
 * The Secret name a Deployment refers to, as written in the repository. In an overlay that
 * generates its Secrets the referenced (hashed) Secret must be among the rendered objects.
 */
function secretOrigin(overlay: OverlayName, rendered: Rendered, name: string): string {
  if (OVERLAYS[overlay].secrets === 'existing') return name;
  assert.ok(rendered.secrets.has(name), `${overlay}: Secret ${name} is referenced but not generated`);
  return generatedFrom(name);
}

function envVar(container: IContainer, variable: string) {
  return container.env?.find((e) => e.name === variable);
}

/** How long a container's preStop hook pauses (`sleep N`, run directly or as the sleep action), in seconds. */
function preStopSeconds(container: IContainer): number {
  const hook = container.lifecycle?.preStop;
  const [program, seconds, ...rest] = hook?.exec?.command ?? [];
  if (program && /^(\/(usr\/)?bin\/)?sleep$/.test(program) && rest.length === 0) return Number(seconds);
  if (hook?.sleep) return hook.sleep.seconds;
  assert.fail(`container ${container.name}: the preStop hook should be a plain sleep, got ${JSON.stringify(hook)}`);
}

/** A millisecond setting as a container gets it: its own variable, the ConfigMap it reads, or the code's default. */
function settingMs(rendered: Rendered, container: IContainer, name: string): number {
  const own = envVar(container, name)?.value;
  if (own !== undefined) return Number(own);
  for (const source of container.envFrom ?? []) {
    const value = source.configMapRef ? rendered.configMaps.get(source.configMapRef.name!)?.data?.[name] : undefined;
    if (value) return Number(value);
  }
  return declaredDefaultMs(name);
}

/** Names the configuration does not read, with where each was set. */
function unknownSettings(names: Iterable<string>, where: string): string[] {
  return [...names].filter((name) => !isSettingName(name)).map((name) => `${name} (${where})`);
}

/** The settings a workload cannot start without that `names` leaves out (each group: any one will do). */
function missingSettings(workload: WorkloadName, names: ReadonlySet<string>): string[] {
  return requiredSettings(workload)
    .filter((group) => !group.some((name) => names.has(name)))
    .map((group) => group.join(' or '));
}

/**
 * Every variable a rendered container gets: its own, and the keys of the ConfigMaps and Secrets it
 * reads whole. `secretKeys` gives a Secret's keys by the name written in the repository.
 */
function containerSettings(rendered: Rendered, container: IContainer, secretKeys: (name: string) => string[]): Set<string> {
  const names = new Set((container.env ?? []).map((variable) => variable.name));
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) for (const key of Object.keys(rendered.configMaps.get(source.configMapRef.name!)?.data ?? {})) names.add(key);
    if (source.secretRef) for (const key of secretKeys(source.secretRef.name!)) names.add(key);
  }
  return names;
}

for (const overlay of Object.keys(OVERLAYS) as OverlayName[]) {
  const expected = OVERLAYS[overlay];

  describe(`kustomize overlay ${overlay}`, () => {
    overlayTest(overlay, 'builds, and every object is valid against the Kubernetes schemas', (r) => {
      assert.ok(r.objects.length > 0, 'the overlay rendered nothing');
      assert.deepEqual(r.schemaProblems, [], `${overlay} renders objects the Kubernetes schemas reject`);
    });

    overlayTest(overlay, `puts every object in namespace ${expected.namespace}, and creates it`, (r) => {
      const namespace = r.objects.find((o) => o.kind === 'Namespace');
      assert.equal(namespace?.metadata.name, expected.namespace);
      for (const object of r.objects) {
        if (CLUSTER_SCOPED.has(object.kind)) continue;
        assert.equal(object.metadata.namespace, expected.namespace, `${object.kind} ${object.metadata.name}`);
      }
    });

    overlayTest(overlay, 'deploys each service and the gateway behind a Service on the topology ports', (r) => {
      assert.deepEqual([...r.deployments.keys()].sort(), WORKLOADS.map((w) => w.name).sort());
      for (const workload of WORKLOADS) {
        const deployment = r.deployments.get(workload.name)!;
        const container = mainContainer(deployment);
        const service = r.services.get(workload.name);
        assert.ok(service, `no Service ${workload.name}`);
        const wantedPorts = workload.grpc === undefined ? { http: workload.http } : { http: workload.http, grpc: workload.grpc };

        const servicePorts = Object.fromEntries((service.spec?.ports ?? []).map((p) => [p.name, p.port]));
        assert.deepEqual(servicePorts, wantedPorts, `Service ${workload.name} ports`);
        for (const port of service.spec?.ports ?? []) {
          assert.equal(containerPort(container, port.targetPort), port.port, `Service ${workload.name} port ${port.name} targets the container's ${port.name} port`);
        }
        // The metrics port is declared on the pod (Prometheus scrapes pods) but not on the Service.
        const declared = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
        // support also listens for inbound mail (SMTP), behind its own Service support-smtp.
        const smtp = workload.name === 'support' ? { smtp: 2525 } : {};
        assert.deepEqual(declared, { ...wantedPorts, metrics: workload.metrics, ...smtp }, `container ${workload.name} ports`);
        assert.ok(
          hasLabels(deployment.spec?.template.metadata?.labels, service.spec?.selector),
          `Service ${workload.name}'s selector does not pick the Deployment's pods`,
        );
        assert.ok(
          hasLabels(deployment.spec?.template.metadata?.labels, deployment.spec?.selector.matchLabels),
          `Deployment ${workload.name}'s selector does not match its own pods`,
        );
        assert.equal(envVar(container, 'INKWELL_SERVICE')?.value, workload.name, `${workload.name} runs as INKWELL_SERVICE=${workload.name}`);
      }
    });

    overlayTest(overlay, 'names each service\'s pods for gRPC callers through a headless <name>-grpc Service on the gRPC port', (r) => {
      for (const workload of WORKLOADS.filter((w) => w.grpc !== undefined)) {
        const headless = r.services.get(`${workload.name}-grpc`);
        assert.ok(headless, `no Service ${workload.name}-grpc`);
        assert.equal(headless.spec?.clusterIP, 'None', `${workload.name}-grpc is headless (its name resolves to every ready pod)`);
        assert.deepEqual((headless.spec?.ports ?? []).map((p) => [p.name, p.port, p.targetPort]), [['grpc', workload.grpc, 'grpc']], `${workload.name}-grpc ports`);
        assert.ok(hasLabels(r.deployments.get(workload.name)!.spec?.template.metadata?.labels, headless.spec?.selector), `${workload.name}-grpc selects the Deployment's pods`);
      }
    });

    overlayTest(overlay, 'probes readiness on /health/ready and liveness on /health/live at the http port', (r) => {
      for (const workload of WORKLOADS) {
        const container = mainContainer(r.deployments.get(workload.name)!);
        for (const [probe, route] of [['readinessProbe', '/health/ready'], ['livenessProbe', '/health/live']] as const) {
          const httpGet = container[probe]?.httpGet;
          assert.ok(httpGet, `${workload.name} has no HTTP ${probe}`);
          assert.equal(httpGet.path, route, `${workload.name} ${probe} path`);
          assert.equal(containerPort(container, httpGet.port), workload.http, `${workload.name} ${probe} port`);
        }
      }
    });

    overlayTest(overlay, 'stops gracefully: a preStop pause, then SIGTERM, the drain and the shutdown bound, all within the grace period', (r) => {
      for (const workload of WORKLOADS) {
        const deployment = r.deployments.get(workload.name)!;
        const container = mainContainer(deployment);
        // Endpoints, kube-proxy and the ingress controller forget a deleted pod a little late.
        const pause = preStopSeconds(container);
        assert.ok(pause >= 3 && pause <= 15, `${workload.name}: preStop pauses ${pause} s; endpoints need a few seconds`);
        const drainMs = settingMs(r, container, 'SHUTDOWN_DRAIN_MS');
        const timeoutMs = settingMs(r, container, 'SHUTDOWN_TIMEOUT_MS');
        // The kubelet counts the grace period from the start of the preStop hook; past it, SIGKILL.
        const grace = podSpec(deployment).terminationGracePeriodSeconds ?? 30;
        assert.ok(
          grace >= pause + (drainMs + timeoutMs) / 1000,
          `${workload.name}: terminationGracePeriodSeconds ${grace} < preStop ${pause} s + SHUTDOWN_DRAIN_MS ${drainMs} + SHUTDOWN_TIMEOUT_MS ${timeoutMs}`,
        );
      }
    });

    overlayTest(overlay, 'spreads each Deployment over zones and nodes, and rolls out without taking a ready pod away first', (r) => {
      for (const [name, deployment] of r.deployments) {
        const labels = deployment.spec?.template.metadata?.labels;
        const constraints = podSpec(deployment).topologySpreadConstraints ?? [];
        for (const key of ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']) {
          const constraint = constraints.find((c) => c.topologyKey === key);
          assert.ok(constraint, `${name} does not spread over ${key}`);
          assert.ok(hasLabels(labels, constraint.labelSelector?.matchLabels), `${name}'s spread over ${key} does not count its own pods`);
          assert.ok(constraint.maxSkew >= 1, `${name} ${key} maxSkew`);
          // A preference: a single-zone cluster, or one with fewer nodes than pods, still schedules
          // every pod (a hard rule would leave a rollout's surge pod Pending).
          assert.equal(constraint.whenUnsatisfiable, 'ScheduleAnyway', `${name} ${key} whenUnsatisfiable`);
          // Only the pods of one revision are compared, so the pods a rollout replaces do not skew it.
          assert.deepEqual(constraint.matchLabelKeys, ['pod-template-hash'], `${name} ${key} matchLabelKeys`);
        }
        const strategy = deployment.spec?.strategy;
        assert.equal(strategy?.type, 'RollingUpdate', `${name} strategy`);
        assert.equal(strategy?.rollingUpdate?.maxUnavailable, 0, `${name} takes a ready pod away before its replacement is ready`);
        assert.ok(strategy?.rollingUpdate?.maxSurge !== 0 && strategy?.rollingUpdate?.maxSurge !== '0%', `${name} cannot roll out without a surge pod`);
      }
    });

    overlayTest(overlay, 'runs as uid 10001 on a read-only root filesystem with no privileges and a /tmp emptyDir', (r) => {
      for (const workload of WORKLOADS) {
        const deployment = r.deployments.get(workload.name)!;
        const pod = podSpec(deployment);
        const container = mainContainer(deployment);
        const own = container.securityContext ?? {};
        const inherited = pod.securityContext ?? {};
        const who = `${workload.name}:`;
        assert.equal(own.runAsNonRoot ?? inherited.runAsNonRoot, true, `${who} runAsNonRoot`);
        assert.equal(own.runAsUser ?? inherited.runAsUser, 10001, `${who} runAsUser`);
        assert.equal((own.seccompProfile ?? inherited.seccompProfile)?.type, 'RuntimeDefault', `${who} seccompProfile`);
        assert.equal(own.readOnlyRootFilesystem, true, `${who} readOnlyRootFilesystem`);
        assert.equal(own.allowPrivilegeEscalation, false, `${who} allowPrivilegeEscalation`);
        assert.notEqual(own.privileged, true, `${who} privileged`);
        assert.deepEqual(own.capabilities?.drop, ['ALL'], `${who} capabilities.drop`);
        assert.equal(own.capabilities?.add, undefined, `${who} capabilities.add`);

        const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
        assert.ok(tmp, `${who} nothing mounted at /tmp`);
        assert.ok(pod.volumes?.find((v) => v.name === tmp.name)?.emptyDir, `${who} /tmp is not an emptyDir`);

        for (const resource of ['cpu', 'memory']) {
          assert.ok(container.resources?.requests?.[resource], `${who} no ${resource} request`);
          assert.ok(container.resources?.limits?.[resource], `${who} no ${resource} limit`);
        }
      }
    });

    overlayTest(overlay, 'gives each Deployment its own ServiceAccount without an API token', (r) => {
      for (const workload of WORKLOADS) {
        const pod = podSpec(r.deployments.get(workload.name)!);
        assert.equal(pod.serviceAccountName, workload.name, `${workload.name} serviceAccountName`);
        const account = r.serviceAccounts.get(workload.name);
        assert.ok(account, `no ServiceAccount ${workload.name}`);
        assert.equal(account.automountServiceAccountToken, false, `ServiceAccount ${workload.name} mounts its token`);
        assert.equal(pod.automountServiceAccountToken, false, `${workload.name} pod mounts a token`);
        // Service links would set e.g. CATALOG_PORT=tcp://10.0.0.1:8102 and GATEWAY_PORT, names the
        // configuration reads as port numbers, so start-up would fail.
        assert.equal(pod.enableServiceLinks, false, `${workload.name} enableServiceLinks`);
      }
    });

    overlayTest(overlay, 'shares one inkwell-config with every peer address on the topology ports and no secret', (r) => {
      const names = new Set<string>();
      for (const workload of WORKLOADS) {
        const container = mainContainer(r.deployments.get(workload.name)!);
        const refs = (container.envFrom ?? []).filter((source) => source.configMapRef).map((source) => source.configMapRef!.name!);
        assert.equal(refs.length, 1, `${workload.name} reads one ConfigMap`);
        names.add(refs[0]!);
      }
      assert.equal(names.size, 1, 'every Deployment reads the same ConfigMap');
      const [name] = names;
      assert.equal(generatedFrom(name!), 'inkwell-config');
      const data = r.configMaps.get(name!)?.data;
      assert.ok(data, `ConfigMap ${name} is referenced but not rendered`);

      for (const service of SERVICE_NAMES) {
        const prefix = envPrefix(service);
        assert.equal(data[`${prefix}_HTTP_URL`], `http://${service}:${SERVICE_PORTS[service].http}`, `${prefix}_HTTP_URL`);
        assert.equal(data[`${prefix}_GRPC_ADDR`], `dns:///${service}-grpc:${SERVICE_PORTS[service].grpc}`, `${prefix}_GRPC_ADDR`);
      }
      for (const key of CONFIG_KEYS) assert.ok(data[key], `inkwell-config has no ${key}`);
      for (const key of Object.keys(data)) assert.doesNotMatch(key, SECRET_SETTING, `${key} belongs in a Secret`);
    });

    overlayTest(overlay, 'resolves every variable reference of the containers', (r) => {
      for (const workload of WORKLOADS) {
        const container = mainContainer(r.deployments.get(workload.name)!);
        const env = container.env ?? [];
        env.forEach((variable, index) => {
          for (const [, referenced] of (variable.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)) {
            assert.ok(
              env.slice(0, index).some((earlier) => earlier.name === referenced),
              `${workload.name}: ${variable.name} uses $(${referenced}), which is not defined before it`,
            );
          }
          const configKey = variable.valueFrom?.configMapKeyRef;
          if (configKey) assert.ok(r.configMaps.get(configKey.name!)?.data?.[configKey.key], `${workload.name}: ${variable.name}`);
          const secretKey = variable.valueFrom?.secretKeyRef;
          if (secretKey && expected.secrets === 'generated') {
            assert.ok(r.secrets.get(secretKey.name!)?.data?.[secretKey.key] !== undefined, `${workload.name}: ${variable.name} reads a missing Secret key`);
          }
        });
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) assert.ok(r.configMaps.has(source.configMapRef.name!), `${workload.name}: ConfigMap ${source.configMapRef.name}`);
          if (source.secretRef) secretOrigin(overlay, r, source.secretRef.name!);
        }
      }
    });

    overlayTest(overlay, 'gives each service its own database URL and each secret only to those that need it', (r) => {
      for (const workload of WORKLOADS) {
        const container = mainContainer(r.deployments.get(workload.name)!);
        const database = envVar(container, 'DATABASE_URL')?.valueFrom?.secretKeyRef;
        if (workload.name === 'gateway') {
          assert.equal(database, undefined, 'the gateway has no database');
        } else {
          assert.ok(database, `${workload.name} has no DATABASE_URL from a Secret`);
          assert.equal(secretOrigin(overlay, r, database.name!), 'inkwell-db', `${workload.name} DATABASE_URL Secret`);
          assert.equal(database.key, workload.name, `${workload.name} reads its own database URL`);
          assert.equal(envVar(container, 'KAFKA_CLIENT_ID')?.value, 'inkwell-$(INKWELL_SERVICE)', `${workload.name} KAFKA_CLIENT_ID`);
        }
        assert.ok(envVar(container, 'AUTH_PUBLIC_KEY')?.valueFrom?.secretKeyRef, `${workload.name} verifies tokens`);
        const signs = envVar(container, 'AUTH_PRIVATE_KEY') !== undefined;
        assert.equal(signs, workload.name === 'account', `${workload.name} ${signs ? 'must not hold' : 'needs'} AUTH_PRIVATE_KEY`);

        const secretSources = (container.envFrom ?? [])
          .filter((source) => source.secretRef)
          .map((source) => secretOrigin(overlay, r, source.secretRef!.name!))
          .sort();
        assert.deepEqual(secretSources, SECRETS_READ_WHOLE[workload.name], `Secrets read whole by ${workload.name}`);
      }
    });

    overlayTest(overlay, 'gives each workload only settings the code reads, and every one it cannot start without', (r) => {
      // Prod's Secrets exist only in the cluster; they carry the keys dev generates for the same names.
      const dev = overlay === 'dev' ? r : render('dev');
      const secretKeys = (name: string) => {
        const origin = overlay === 'dev' ? generatedFrom(name) : name;
        const generated = [...dev.secrets.entries()].find(([rendered]) => generatedFrom(rendered) === origin)?.[1];
        assert.ok(generated, `${overlay}: no keys known for Secret ${name}`);
        return Object.keys(generated.data ?? {});
      };
      const unknown: string[] = [];
      const missing: string[] = [];
      for (const workload of WORKLOADS) {
        const names = containerSettings(r, mainContainer(r.deployments.get(workload.name)!), secretKeys);
        unknown.push(...unknownSettings(names, workload.name));
        missing.push(...missingSettings(workload.name, names).map((name) => `${workload.name}: ${name}`));
      }
      assert.deepEqual(unknown, [], 'variables nothing reads');
      assert.deepEqual(missing, [], 'settings a workload cannot start without');
    });

    overlayTest(overlay, 'routes the Ingress to the gateway on port 8080', (r) => {
      assert.equal(r.ingresses.length, 1, 'one Ingress');
      const rules = r.ingresses[0]!.spec?.rules ?? [];
      assert.ok(rules.length > 0 && rules.every((rule) => rule.host), 'every Ingress rule names its host');
      for (const rule of rules) {
        for (const route of rule.http?.paths ?? []) {
          const backend = route.backend.service;
          assert.equal(backend?.name, 'gateway');
          const port = backend?.port?.number ?? r.services.get('gateway')?.spec?.ports?.find((p) => p.name === backend?.port?.name)?.port;
          assert.equal(port, GATEWAY_PORT);
        }
      }
    });

    overlayTest(overlay, 'runs one image for everything', (r) => {
      const images = new Set([...r.deployments.values()].map((d) => mainContainer(d).image));
      assert.equal(images.size, 1, `several images: ${[...images].join(', ')}`);
    });

    if (overlay === 'dev') {
      overlayTest(overlay, 'runs one replica of each and generates every Secret it reads', (r) => {
        for (const [name, deployment] of r.deployments) assert.equal(deployment.spec?.replicas, 1, `${name} replicas`);
        assert.ok(r.secrets.size > 0, 'dev generates its Secrets');
      });

      overlayTest(overlay, 'needs no custom resource definitions, so a bare kind cluster takes it', (r) => {
        const custom = r.objects.filter((o) => !/^(v1|apps\/v1|networking\.k8s\.io\/v1|autoscaling\/v2|policy\/v1)$/.test(o.apiVersion));
        assert.deepEqual(custom.map((o) => `${o.apiVersion} ${o.kind}`), []);
      });
    } else {
      overlayTest(overlay, 'generates no Secret: it references existing ones, all documented', (r) => {
        assert.deepEqual([...r.secrets.keys()], [], 'prod must not carry secret values');
        const referenced = new Set<string>();
        for (const deployment of r.deployments.values()) {
          const container = mainContainer(deployment);
          for (const variable of container.env ?? []) {
            if (variable.valueFrom?.secretKeyRef) referenced.add(variable.valueFrom.secretKeyRef.name!);
          }
          for (const source of container.envFrom ?? []) if (source.secretRef) referenced.add(source.secretRef.name!);
        }
        assert.deepEqual([...referenced].sort(), PROD_SECRETS);
      });

      overlayTest(overlay, 'keeps at least two replicas of each under an autoscaler and a disruption budget', (r) => {
        for (const [name, deployment] of r.deployments) {
          const autoscaler = r.autoscalers.find((a) => a.spec?.scaleTargetRef.kind === 'Deployment' && a.spec.scaleTargetRef.name === name);
          assert.ok(autoscaler, `${name} has no HorizontalPodAutoscaler`);
          assert.ok((autoscaler.spec?.minReplicas ?? 1) >= 2, `${name} autoscaler minReplicas`);
          assert.ok(autoscaler.spec!.maxReplicas >= autoscaler.spec!.minReplicas!, `${name} autoscaler range`);
          // A fixed count would be put back by every apply, fighting the autoscaler.
          assert.equal(deployment.spec?.replicas, undefined, `${name} sets replicas although an autoscaler owns them`);
          const budgets = r.budgets.filter((b) => hasLabels(deployment.spec?.template.metadata?.labels, b.spec?.selector?.matchLabels));
          assert.equal(budgets.length, 1, `${name} needs exactly one PodDisruptionBudget`);
        }
      });

      overlayTest(overlay, 'validates the monitoring resources for real: a broken PodMonitor or PrometheusRule is refused', (r) => {
        const monitor = structuredClone(r.objects.find((o) => o.kind === 'PodMonitor')) as unknown as PodMonitor;
        const rule = structuredClone(r.objects.find((o) => o.kind === 'PrometheusRule')) as unknown as PrometheusRule;
        assert.ok(monitor && rule, 'prod renders a PodMonitor and a PrometheusRule');
        new PodMonitor(monitor).validate();
        new PrometheusRule(rule).validate();
        monitor.spec.podMetricsEndpoints![0]!.interval = 'every 30 seconds';
        assert.throws(() => new PodMonitor(monitor).validate(), /interval/);
        delete (rule.spec.groups![0]!.rules![0] as { expr?: unknown }).expr;
        assert.throws(() => new PrometheusRule(rule).validate(), /expr/);
      });

      overlayTest(overlay, 'pins the image to a release', (r) => {
        const image = mainContainer(r.deployments.get('gateway')!).image ?? '';
        const [, reference] = image.match(/^[^@]+?(?::([\w][\w.-]{0,127}))?(?:@sha256:[0-9a-f]{64})?$/) ?? [];
        assert.ok(image.includes('@sha256:') || (reference !== undefined && reference !== 'latest'), `image ${image} is not pinned`);
      });
    }
  });
}

describe('settings in k8s/ as written', () => {
  interface Found {
    /** Variable name → the file that sets it. */
    names: Map<string, string>;
    /** Secrets some container reads whole (envFrom), whose keys are variable names. */
    readWhole: Set<string>;
    /** Keys of each generated Secret, by name. */
    generated: Map<string, string[]>;
  }

  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.(ya?ml|env)$/.test(entry.name) ? [full] : [];
    });

  const keyOf = (entry: string) => entry.split('=')[0]!.trim();

  /** Variables, envFrom Secrets and generated Secret keys in one parsed YAML value (a document or a patch). */
  function collect(value: unknown, file: string, found: Found): void {
    if (Array.isArray(value)) {
      // A JSON 6902 patch: the values it adds under env and envFrom.
      for (const operation of value as Array<{ path?: string; value?: { name?: string; secretRef?: { name?: string } } }>) {
        if (operation.path?.endsWith('/env/-') && operation.value?.name) found.names.set(operation.value.name, file);
        if (operation.path?.endsWith('/envFrom/-') && operation.value?.secretRef?.name) found.readWhole.add(operation.value.secretRef.name);
      }
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const object = value as Record<string, unknown> & { kind?: string };
    if (object.kind === 'ConfigMap') for (const key of Object.keys((object.data as object | undefined) ?? {})) found.names.set(key, file);
    if (object.kind === 'Deployment') {
      const containers = ((object.spec as IDeployment['spec'])?.template?.spec?.containers ?? []) as IContainer[];
      for (const container of containers) {
        for (const variable of container.env ?? []) found.names.set(variable.name, file);
        for (const source of container.envFrom ?? []) if (source.secretRef?.name) found.readWhole.add(source.secretRef.name);
      }
    }
    for (const generator of (object.secretGenerator ?? []) as Array<{ name: string; literals?: string[]; files?: string[] }>) {
      found.generated.set(generator.name, [...(generator.literals ?? []), ...(generator.files ?? [])].map(keyOf));
    }
    for (const patch of (object.patches ?? []) as Array<{ patch?: string }>) {
      if (patch.patch) for (const document of parseAllDocuments(patch.patch)) collect(document.toJS(), file, found);
    }
  }

  function findSettings(): Found {
    const found: Found = { names: new Map(), readWhole: new Set(), generated: new Map() };
    for (const file of files(path.join(ROOT, 'k8s'))) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(ROOT, file);
      if (file.endsWith('.env')) {
        for (const line of text.split('\n')) if (line.trim() && !line.trim().startsWith('#')) found.names.set(keyOf(line), where);
        continue;
      }
      for (const document of parseAllDocuments(text)) collect(document.toJS(), where, found);
    }
    for (const secret of found.readWhole) for (const key of found.generated.get(secret) ?? []) found.names.set(key, `Secret ${secret}`);
    return found;
  }

  test('sets only variables the code reads, and every one a workload cannot start without', () => {
    const { names, readWhole } = findSettings();
    assert.ok(names.has('EMAIL_FROM') && readWhole.has('inkwell-kafka'), 'the files were read');
    assert.deepEqual(
      [...names].filter(([name]) => !isSettingName(name)).map(([name, where]) => `${name} (${where})`),
      [],
      'variables nothing reads',
    );
    const set = new Set(names.keys());
    assert.deepEqual(WORKLOADS.flatMap((workload) => missingSettings(workload.name, set).map((name) => `${workload.name}: ${name}`)), [], 'settings nothing sets');
  });
});

describe('docker-compose.yml', () => {
  interface ComposeService {
    image?: string;
    build?: unknown;
    environment?: Record<string, string | number | boolean | null>;
    expose?: Array<string | number>;
    ports?: Array<string | number>;
    healthcheck?: { test?: string[] | string };
    depends_on?: Record<string, { condition?: string }>;
    volumes?: string[];
    read_only?: boolean;
    stop_grace_period?: string;
    profiles?: string[];
  }
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;
  const env = (name: string) => services[name]?.environment ?? {};
  const healthcheckText = (name: string) => [services[name]?.healthcheck?.test ?? []].flat().join(' ');

  test('runs every service, the gateway, Kafka, Postgres, Redis, OpenSearch and object storage, and Prometheus on request', () => {
    assert.deepEqual(
      Object.keys(services).sort(),
      [...WORKLOADS.map((w) => w.name), 'kafka', 'postgres', 'redis', 'opensearch', 'minio', 'minio-bucket', 'prometheus'].sort(),
    );
    assert.deepEqual(services.prometheus?.profiles, ['observability'], 'Prometheus starts only when asked for');
  });

  test('lets Prometheus scrape every metrics port, and publishes it on this host only', () => {
    const prometheus = services.prometheus!;
    const mount = prometheus.volumes?.find((volume) => volume.endsWith(':/etc/prometheus/prometheus.yml:ro'));
    assert.ok(mount, 'the scrape configuration is mounted read-only');
    const config = parse(readFileSync(path.join(ROOT, mount.split(':')[0]!), 'utf8')) as {
      scrape_configs: Array<{ metrics_path?: string; static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = config.scrape_configs.flatMap((job) => job.static_configs.flatMap((group) => group.targets));
    assert.deepEqual(targets.sort(), WORKLOADS.map((w) => `${w.name}:${w.metrics}`).sort());
    assert.ok(config.scrape_configs.every((job) => (job.metrics_path ?? '/metrics') === '/metrics'));
    for (const published of prometheus.ports ?? []) assert.match(String(published), /^127\.0\.0\.1:/, 'Prometheus is published on loopback only');
  });

  test('runs each service and the gateway from the one image, on the topology ports, health-checked', () => {
    const images = new Set(WORKLOADS.map((w) => services[w.name]?.image));
    assert.equal(images.size, 1, 'one image for all');
    for (const workload of WORKLOADS) {
      const service = services[workload.name]!;
      assert.ok(service.build, `${workload.name} is built from the Dockerfile`);
      assert.equal(env(workload.name).INKWELL_SERVICE, workload.name);
      assert.equal(service.read_only, true, `${workload.name} read_only`);
      assert.match(healthcheckText(workload.name), new RegExp(`:${workload.http}/health/ready\\b`), `${workload.name} healthcheck`);
      // On the compose network only (Prometheus may scrape the metrics port there); never published.
      const exposed = workload.grpc === undefined ? [workload.metrics] : [workload.http, workload.grpc, workload.metrics];
      assert.deepEqual(service.expose?.map(String), exposed.map(String), `${workload.name} expose`);
      for (const [name, dependency] of Object.entries(service.depends_on ?? {})) {
        // The bucket is made by a one-off container; everything else must be healthy.
        assert.equal(dependency.condition, name === 'minio-bucket' ? 'service_completed_successfully' : 'service_healthy', `${workload.name} waits for ${name}`);
      }
    }
    assert.deepEqual(services.gateway?.ports?.map(String), [`${GATEWAY_PORT}:${GATEWAY_PORT}`], 'the gateway is published');
    // The HTTP API only through the gateway; support publishes its inbound SMTP listener alone, on loopback.
    assert.deepEqual(services.support?.ports?.map(String), ['127.0.0.1:2525:2525'], 'support publishes its SMTP listener on loopback');
    for (const workload of WORKLOADS.filter((w) => w.name !== 'gateway' && w.name !== 'support')) {
      assert.equal(services[workload.name]?.ports, undefined, `${workload.name} is reachable through the gateway only`);
    }
  });

  test('lets each process finish its graceful shutdown before compose kills it', () => {
    const seconds = (duration: string | undefined) => {
      const [, value, unit] = /^(\d+)(s|m)$/.exec(duration ?? '') ?? [];
      assert.ok(value, `stop_grace_period "${duration}" is not in seconds or minutes`);
      return Number(value) * (unit === 'm' ? 60 : 1);
    };
    for (const workload of WORKLOADS) {
      const vars = env(workload.name);
      const ms = (name: string) => (vars[name] === undefined ? declaredDefaultMs(name) : Number(vars[name]));
      const needed = (ms('SHUTDOWN_DRAIN_MS') + ms('SHUTDOWN_TIMEOUT_MS')) / 1000;
      assert.ok(seconds(services[workload.name]?.stop_grace_period) > needed, `${workload.name}: stop_grace_period must exceed ${needed} s`);
    }
  });

  test('gives each service its own database and every peer address on the topology ports', () => {
    const init = readFileSync(path.join(ROOT, 'deploy', 'compose', 'postgres-init.sql'), 'utf8');
    for (const workload of WORKLOADS) {
      const vars = env(workload.name);
      for (const service of SERVICE_NAMES) {
        const prefix = envPrefix(service);
        assert.equal(vars[`${prefix}_HTTP_URL`], `http://${service}:${SERVICE_PORTS[service].http}`, `${workload.name} ${prefix}_HTTP_URL`);
        assert.equal(vars[`${prefix}_GRPC_ADDR`], `${service}:${SERVICE_PORTS[service].grpc}`, `${workload.name} ${prefix}_GRPC_ADDR`);
      }
      assert.equal(vars.KAFKA_BROKERS, 'kafka:9092');
      assert.equal(vars.REDIS_URL, 'redis://redis:6379');
      assert.equal(vars.OPENSEARCH_URL, 'http://opensearch:9200');
      assert.ok(vars.AUTH_PUBLIC_KEY, `${workload.name} verifies tokens`);
      assert.equal(vars.AUTH_PRIVATE_KEY !== undefined, workload.name === 'account', `${workload.name} AUTH_PRIVATE_KEY`);
      if (workload.name === 'gateway') {
        assert.equal(vars.DATABASE_URL, undefined, 'the gateway has no database');
        continue;
      }
      const url = new URL(String(vars.DATABASE_URL));
      assert.equal(url.host, 'postgres:5432', `${workload.name} DATABASE_URL host`);
      assert.equal(url.pathname, `/inkwell_${workload.name}`, `${workload.name} DATABASE_URL database`);
      assert.match(init, new RegExp(`CREATE DATABASE inkwell_${workload.name}\\b`), `postgres-init.sql creates inkwell_${workload.name}`);
      for (const infra of ['postgres', 'kafka', 'redis']) {
        assert.equal(services[workload.name]?.depends_on?.[infra]?.condition, 'service_healthy', `${workload.name} waits for ${infra}`);
      }
    }
  });

  test('gives each workload only settings the code reads, and every one it cannot start without', () => {
    const unknown: string[] = [];
    const missing: string[] = [];
    for (const workload of WORKLOADS) {
      const names = new Set(Object.keys(env(workload.name)));
      unknown.push(...unknownSettings(names, workload.name));
      missing.push(...missingSettings(workload.name, names).map((name) => `${workload.name}: ${name}`));
    }
    assert.deepEqual(unknown, [], 'variables nothing reads');
    assert.deepEqual(missing, [], 'settings a workload cannot start without');
  });

  test('runs the infrastructure on the ports the services are given, health-checked', () => {
    assert.match(services.kafka?.image ?? '', /^apache\/kafka:/);
    assert.match(String(env('kafka').KAFKA_PROCESS_ROLES), /controller/, 'Kafka in KRaft mode');
    assert.match(String(env('kafka').KAFKA_ADVERTISED_LISTENERS), /\/\/kafka:9092\b/);
    assert.match(services.postgres?.image ?? '', /^postgres:16\b/);
    assert.ok(services.postgres?.volumes?.some((v) => v.includes('postgres-init.sql') && v.includes('/docker-entrypoint-initdb.d/')));
    assert.match(services.redis?.image ?? '', /^redis:7\b/);
    assert.match(services.opensearch?.image ?? '', /^opensearchproject\/opensearch:2\b/);
    assert.equal(String(env('opensearch').DISABLE_SECURITY_PLUGIN), 'true');
    assert.equal(env('opensearch')['discovery.type'], 'single-node');
    for (const [infra, port] of [['kafka', 9092], ['postgres', 5432], ['redis', 6379], ['opensearch', 9200]] as const) {
      assert.deepEqual(services[infra]?.expose?.map(String), [String(port)], `${infra} expose`);
      assert.ok(healthcheckText(infra), `${infra} has no healthcheck`);
    }
  });
});
