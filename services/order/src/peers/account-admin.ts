import { ACCOUNT_ADMIN, askPeer, createGrpcClient, DomainError, GrpcCallError, type AccountAdminService, type GrpcClient } from '@inkwell/platform';
import { USER_MESSAGES } from '@inkwell/contracts/dashboard-customers';
import { ORDER_SERVICE_MESSAGES } from '../domain/messages';

/** 503 when the account service cannot be reached: the orders are anonymised, the account is not erased yet. */
export class AccountUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', ORDER_SERVICE_MESSAGES.accountUnavailable);
  }
}

/**
 * The account service's staff calls (gRPC `AccountAdmin`, at `config.peers.account.grpcAddress`):
 * the erasure of an account for `POST /user/deletesubscriptionandcustomer`.
 */
export class GrpcAccountAdmin {
  private readonly client: GrpcClient<AccountAdminService>;

  constructor(address: string) {
    this.client = createGrpcClient<AccountAdminService>(ACCOUNT_ADMIN.proto, ACCOUNT_ADMIN.service, address);
  }

  /**
   * True when this call erased the account; false when there was none. The account service's refusals
   * (the staff member's own account, the last admin) are 409s in its words.
   */
  async eraseAccount(userId: string, actor: { id: string; email: string | null }): Promise<boolean> {
    try {
      const answer = await askPeer(() => this.client.eraseAccount({ userId, actorId: actor.id, actorEmail: actor.email ?? '' }), () => new AccountUnavailableError());
      return answer.erased;
    } catch (error) {
      if (error instanceof GrpcCallError && error.code === 'FAILED_PRECONDITION') throw new DomainError(409, 'Conflict', error.details || USER_MESSAGES.eraseOwnAccount, { field: 'userId' });
      if (error instanceof GrpcCallError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}
