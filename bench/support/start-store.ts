import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The store in its own process (bench/support/stack-server.ts), for the browser benchmarks; it
 * reports its URL once start-up work is done. A visit is tens of requests, so the rate limit is
 * raised far beyond what the runs send.
 */
export function startStore(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'stack-server.ts'), dataDir], {
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', RATE_LIMIT_MAX: '1000000' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve({ url: (message as { url: string }).url, child }));
    child.once('exit', (code) => reject(new Error(`the store exited with ${code} before it was ready`)));
  });
}
