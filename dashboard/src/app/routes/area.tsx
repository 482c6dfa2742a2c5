import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { ClockIcon } from '@inkwell/ui-kit/icons';
import type { Area } from '@/config/areas';
import { PageHeader } from '@/components/layout/page-header';

/** The page of an area built in a later release: what it will let staff do, and that it is not here yet. */
export function AreaPage({ area }: { area: Area }) {
  return (
    <>
      <PageHeader title={area.label} summary={area.summary} />
      <EmptyState icon={<ClockIcon size={20} />} title="Coming in a later release">
        <p>
          This area is not built yet. {area.empty.text} Until then, nothing here changes the store.
        </p>
      </EmptyState>
    </>
  );
}
