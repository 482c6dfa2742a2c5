import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { InboxIcon } from '@inkwell/ui-kit/icons';
import type { Area } from '@/config/areas';
import { PageHeader } from '@/components/layout/page-header';

/** An area's landing: its heading, what it is for, and its empty list. */
export function AreaPage({ area }: { area: Area }) {
  return (
    <>
      <PageHeader title={area.label} summary={area.summary} />
      <EmptyState icon={<InboxIcon size={20} />} title={area.empty.title}>
        <p>{area.empty.text}</p>
      </EmptyState>
    </>
  );
}
