import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';
import type { Area } from '@/config/areas';
import { PageHeader } from '@/components/layout/page-header';

/** An area's landing: its heading, what it is for, and its empty list. */
export function AreaPage({ area }: { area: Area }) {
  return (
    <>
      <PageHeader title={area.label} summary={area.summary} />
      <EmptyState icon={<InboxIcon />} title={area.empty.title}>
        <p>{area.empty.text}</p>
      </EmptyState>
    </>
  );
}
