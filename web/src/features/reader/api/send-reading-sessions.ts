import { api } from '@inkwell/ui-kit/api-client';
import { unsentReportsStore, type ReadingSessionReport } from '../reading-sessions';

/**
 * `POST /account/instrumentation` for each report, together with the ones left over from earlier
 * visits. A report the server does not take is stored again for the next time.
 */
export async function sendReadingSessions(reports: readonly ReadingSessionReport[]): Promise<void> {
  const pending = [...unsentReportsStore.takeAll(), ...reports.filter((report) => report.pageSessions.length > 0)];
  const failed: ReadingSessionReport[] = [];
  await Promise.all(
    pending.map((report) =>
      api.post('/account/instrumentation', report).catch(() => {
        failed.push(report);
      }),
    ),
  );
  unsentReportsStore.add(failed);
}
