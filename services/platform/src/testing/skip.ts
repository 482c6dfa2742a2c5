/**
 * vitest's `skip` option is only yes or no, so the reason a suite cannot run here would vanish with
 * it. Hand the reason (or false when the suite can run) to this instead: the reason is printed once
 * when the file is collected, and the answer goes to `skip`.
 */
export function skipBecause(reason: string | false | undefined): boolean {
  if (!reason) return false;
  console.warn(`Skipped: ${reason}`);
  return true;
}
