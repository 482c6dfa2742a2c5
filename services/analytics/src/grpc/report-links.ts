import { ConflictError, NotFoundError, type Database, type ReportLinksService, type ServiceHandlers } from '@inkwell/platform';
import { ANALYTICS_MESSAGES } from '@inkwell/contracts/dashboard-analytics';
import { reportLinkPath } from '../domain/report-sheets';
import { findReportJob } from '../store/report-jobs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `inkwell.analytics.v1.ReportLinks`: the support service exchanges a `report.ready` job id for the
 * workbook's signed link. Refusals reach the caller as NOT_FOUND (unknown or unwritten job) and
 * FAILED_PRECONDITION (the link has expired or the file was removed).
 */
export function reportLinkHandlers(db: Database, publicUrl: string, linkKey: () => Promise<Buffer>, now: () => Date = () => new Date()): ServiceHandlers<ReportLinksService> {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    async issueDownloadLink({ jobId }) {
      const row = UUID.test(jobId) ? await findReportJob(db, jobId.toLowerCase()) : undefined;
      if (!row || row.status !== 'Completed' || !row.expires_at) throw new NotFoundError(ANALYTICS_MESSAGES.reportNotFound);
      if (row.file_deleted_at !== null || now().getTime() >= row.expires_at.getTime()) throw new ConflictError(ANALYTICS_MESSAGES.linkExpired);
      return { url: `${origin}${reportLinkPath(await linkKey(), row.id, row.expires_at)}`, expiresAt: row.expires_at.toISOString() };
    },
  };
}
