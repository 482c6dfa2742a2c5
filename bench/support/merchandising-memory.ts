/**
 * Peak memory of one piece of work in this process, for bench/merchandising.ts: the resident set's
 * high-water mark (Linux VmHWM, reset through /proc/self/clear_refs before the work) and the V8
 * heap sampled every 2 ms, each next to its value when the work started.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export interface MemoryPeak {
  rssStart: number;
  rssPeak: number;
  heapStart: number;
  heapPeak: number;
  /** Whether the RSS peak is the kernel's high-water mark (else sampled with the heap). */
  exactRss: boolean;
}

function statusBytes(field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Starts watching; `stop()` answers the peaks since. Collects garbage first when --expose-gc allows. */
export function watchMemory(): { stop(): MemoryPeak } {
  (globalThis as { gc?: () => void }).gc?.();
  let exactRss = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    exactRss = false;
  }
  const rssStart = process.memoryUsage.rss();
  const heapStart = process.memoryUsage().heapUsed;
  let rssPeak = rssStart;
  let heapPeak = heapStart;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 2);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const hwm = exactRss ? statusBytes('VmHWM') : undefined;
      return { rssStart, rssPeak: hwm ?? rssPeak, heapStart, heapPeak, exactRss: hwm !== undefined };
    },
  };
}
