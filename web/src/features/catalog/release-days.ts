import type { ReleaseDayView } from './types';

/**
 * The release calendar split the way the page shows it: days from today on, soonest first, and
 * the days just gone, most recent first. Days without products are left out.
 */
export function splitReleaseDays(days: readonly ReleaseDayView[], today: string): { upcoming: ReleaseDayView[]; recent: ReleaseDayView[] } {
  const withProducts = days.filter((day) => day.products.length > 0);
  return {
    upcoming: withProducts.filter((day) => day.date.slice(0, 10) >= today).sort((a, b) => a.date.localeCompare(b.date)),
    recent: withProducts.filter((day) => day.date.slice(0, 10) < today).sort((a, b) => b.date.localeCompare(a.date)),
  };
}
