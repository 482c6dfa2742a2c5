import { useParams } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { errorMessage } from '@/lib/staff-api';
import { useSeries } from '../api/get-series';
import { SeriesEditor } from '../components/series-editor';

/** `series/new` and `series/:id`. */
export default function SeriesEditorRoute() {
  const { id: param } = useParams();
  const id = param === undefined || param === 'new' ? undefined : Number(param);
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const series = useSeries(valid ? id : undefined);

  if (!valid) {
    return (
      <EmptyState headingLevel="h1" title="No such series" actions={<ButtonLink to="/series">Back to series</ButtonLink>}>
        <p>Series addresses end in the series’ number.</p>
      </EmptyState>
    );
  }
  if (id === undefined) return <SeriesEditor key="new" series={undefined} />;
  if (series.isPending) return <p role="status">Loading the series…</p>;
  if (series.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={20} />}
        tone="error"
        headingLevel="h1"
        title="The series did not load"
        actions={<ButtonLink to="/series" variant="secondary">Back to series</ButtonLink>}
      >
        <p>{errorMessage(series.error)}</p>
      </EmptyState>
    );
  }
  return <SeriesEditor key={id} series={series.data} />;
}
