/** What every benchmark does when it is done: keep its figures, stop the servers it started. */
import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes a run's figures to bench/results/<name>-<time>.json, for comparing runs later. */
export async function saveResults(name: string, figures: unknown): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await writeFile(path.join(RESULTS, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(figures, null, 2));
}

/** Stops the given server processes (SIGTERM) and resolves once every one has exited. */
export async function stopProcesses(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  })));
}
