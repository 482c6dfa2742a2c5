import { KafkaContainer } from '@testcontainers/kafka';
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { RedisContainer } from '@testcontainers/redis';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

/**
 * Test servers started by testcontainers where a Docker engine is usable: one for each TEST_*
 * setting the run was not given, so a developer with Docker tests every driver without installing
 * the servers. Without Docker (CI, this project's machines) the settings name servers run from
 * Debian's packages and the JVM (scripts/infra.sh), and suites whose setting stays unset skip.
 */
export async function dockerAvailable(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Images of the servers CI runs outside Docker, at the same major versions. */
const IMAGES = {
  postgres: 'postgres:15-alpine',
  redis: 'redis:7-alpine',
  kafka: 'confluentinc/cp-kafka:7.9.0',
  s3: 'adobe/s3mock:4.11.0',
  opensearch: 'opensearchproject/opensearch:2.19.1',
} as const;

/** Startup of a container, including an image pull on a fresh machine. */
const STARTUP_TIMEOUT_MS = 300_000;

interface Fixture {
  setting: string;
  start(): Promise<{ value: string; container: { stop(): Promise<unknown> } }>;
}

const FIXTURES: Fixture[] = [
  {
    setting: 'TEST_DATABASE_URL',
    async start() {
      const container = await new PostgreSqlContainer(IMAGES.postgres).withDatabase('postgres').withUsername('postgres').withPassword('inkwell').start();
      return { value: container.getConnectionUri(), container };
    },
  },
  {
    setting: 'TEST_REDIS_URL',
    async start() {
      const container = await new RedisContainer(IMAGES.redis).start();
      return { value: container.getConnectionUrl(), container };
    },
  },
  {
    setting: 'TEST_KAFKA_BROKERS',
    async start() {
      // Several partitions, so the per-key ordering cases spread keys over them.
      const container = await new KafkaContainer(IMAGES.kafka).withKraft().withEnvironment({ KAFKA_NUM_PARTITIONS: '3' }).withStartupTimeout(STARTUP_TIMEOUT_MS).start();
      return { value: `${container.getHost()}:${container.getMappedPort(9093)}`, container };
    },
  },
  {
    setting: 'TEST_S3_ENDPOINT',
    async start() {
      const container = await new GenericContainer(IMAGES.s3).withExposedPorts(9090).withWaitStrategy(Wait.forHttp('/', 9090)).withStartupTimeout(STARTUP_TIMEOUT_MS).start();
      return { value: endpoint(container, 9090), container };
    },
  },
  {
    setting: 'TEST_OPENSEARCH_URL',
    async start() {
      const container = await new GenericContainer(IMAGES.opensearch)
        .withEnvironment({
          'discovery.type': 'single-node',
          DISABLE_SECURITY_PLUGIN: 'true',
          // The demo security config would otherwise demand an initial admin password.
          DISABLE_INSTALL_DEMO_CONFIG: 'true',
          OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
        })
        .withExposedPorts(9200)
        .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200))
        .withStartupTimeout(STARTUP_TIMEOUT_MS)
        .start();
      return { value: endpoint(container, 9200), container };
    },
  },
];

function endpoint(container: StartedTestContainer, port: number): string {
  return `http://${container.getHost()}:${container.getMappedPort(port)}`;
}

export interface TestContainers {
  /** The TEST_* settings now naming a started container. */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts a container for each TEST_* setting missing from `env`; all of them or none. */
export async function startTestContainers(env: NodeJS.ProcessEnv): Promise<TestContainers> {
  const wanted = FIXTURES.filter((fixture) => !env[fixture.setting]);
  const results = await Promise.allSettled(wanted.map(async (fixture) => ({ setting: fixture.setting, ...(await fixture.start()) })));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(started.map(({ container }) => container.stop()));
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw new Error(`A test container did not start: ${String(failed.reason)}`, { cause: failed.reason });
  }
  return { settings: Object.fromEntries(started.map(({ setting, value }) => [setting, value])), stop };
}
