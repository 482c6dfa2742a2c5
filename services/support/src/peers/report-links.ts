import { GrpcCallError, REPORT_LINKS, createGrpcClient, type GrpcClient, type ReportLinksService } from '@inkwell/platform';

/**
 * The download links of emailed report workbooks, asked of the analytics service, which alone signs
 * them. Driver: gRPC to `config.peers.analytics.grpcAddress` (ANALYTICS_GRPC_ADDR).
 */
export class ReportLinks {
  private readonly client: GrpcClient<ReportLinksService>;

  constructor(address: string) {
    this.client = createGrpcClient<ReportLinksService>(REPORT_LINKS.proto, REPORT_LINKS.service, address);
  }

  /**
   * The link of job `jobId` and when it expires, or undefined when the analytics service will not
   * give it (unknown job, or its link expired already): asking again cannot change that. Any other
   * failure throws, so the event is delivered again.
   */
  async issue(jobId: string): Promise<{ url: string; expiresAt: string } | undefined> {
    try {
      return await this.client.issueDownloadLink({ jobId });
    } catch (error) {
      if (error instanceof GrpcCallError && (error.code === 'NOT_FOUND' || error.code === 'FAILED_PRECONDITION')) return undefined;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}
