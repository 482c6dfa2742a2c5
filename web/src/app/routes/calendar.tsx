import { ReleaseCalendar } from '@/features/catalog/components/release-calendar';

export default function CalendarRoute() {
  return <ReleaseCalendar />;
}
