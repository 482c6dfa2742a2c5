import { ACCOUNT_LINKS, GrpcCallError, createGrpcClient, type AccountLinksService, type GrpcClient } from '@inkwell/platform';

/**
 * The links account mails carry, asked of the account service, which alone holds their tokens.
 * Driver: gRPC to `config.peers.account.grpcAddress` (ACCOUNT_GRPC_ADDR).
 */
export class AccountLinks {
  private readonly client: GrpcClient<AccountLinksService>;

  constructor(address: string) {
    this.client = createGrpcClient<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, address);
  }

  /**
   * The link for `linkId`, or undefined when the account service will not issue it (unknown, or
   * issued, used, replaced or expired already): asking again cannot change that. Any other failure
   * throws, so the event is delivered again.
   */
  async issue(linkId: string): Promise<string | undefined> {
    try {
      return (await this.client.issueLink({ linkId })).url;
    } catch (error) {
      if (error instanceof GrpcCallError && (error.code === 'NOT_FOUND' || error.code === 'FAILED_PRECONDITION')) return undefined;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}
