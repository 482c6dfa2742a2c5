import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/analytics/v1/reports.proto`: the signed, expiring download links of emailed report
 * workbooks, asked by the support service with the job id a `report.ready` event carried. The
 * proto's comments document each field.
 */
export const REPORT_LINKS: ServiceLocation = { proto: 'inkwell/analytics/v1/reports.proto', service: 'inkwell.analytics.v1.ReportLinks' };

export interface IssueDownloadLinkRequest {
  jobId: string;
}

export interface IssueDownloadLinkResponse {
  url: string;
  expiresAt: string;
}

export interface ReportLinksService {
  issueDownloadLink(request: IssueDownloadLinkRequest): Promise<IssueDownloadLinkResponse>;
}
