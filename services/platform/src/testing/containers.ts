import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Test servers that cannot run everywhere (Kafka, OpenSearch) are started in Docker where an engine
 * is usable, and their suites skip with a plain reason elsewhere.
 */
export function dockerUsable(): boolean {
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

export interface ContainerSpec {
  name: string;
  image: string;
  /** Host port on 127.0.0.1 → container port. */
  hostPort: number;
  containerPort: number;
  env: Record<string, string>;
  timeoutMs: number;
}

/** Starts a detached, self-removing container and returns its id. */
export async function startContainer(spec: ContainerSpec): Promise<string> {
  const { stdout } = await run(
    'docker',
    [
      'run',
      '--detach',
      '--rm',
      '--name',
      spec.name,
      '--publish',
      `127.0.0.1:${spec.hostPort}:${spec.containerPort}`,
      ...Object.entries(spec.env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      spec.image,
    ],
    { timeout: spec.timeoutMs },
  );
  return stdout.trim();
}

export async function removeContainer(id: string): Promise<void> {
  await run('docker', ['rm', '--force', id]).catch(() => undefined);
}
