/**
 * The store's reporting time zone as the analytics answers tell it (`timeZone`): "today" and the
 * presets are counted in it, not in the staff member's own zone. Until an answer has said, UTC
 * (the server's default) is assumed; the first answer corrects it for the rest of the visit.
 */
import { useEffect, useState } from 'react';
import { todayIn } from './range';

let known = 'UTC';
const listeners = new Set<(zone: string) => void>();

/** Records the zone an answer carried. */
export function learnReportingZone(zone: string | undefined): void {
  if (!zone || zone === known) return;
  known = zone;
  for (const listener of listeners) listener(zone);
}

export function useReportingZone() {
  const [zone, setZone] = useState(known);
  useEffect(() => {
    listeners.add(setZone);
    setZone(known);
    return () => {
      listeners.delete(setZone);
    };
  }, []);
  return { timeZone: zone, now: todayIn(zone) };
}
