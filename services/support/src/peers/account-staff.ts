import type { AssignableUser } from '@inkwell/contracts/dashboard-support';
import {
  ACCOUNT_ADMIN,
  DomainError,
  createGrpcClient,
  GrpcCallError,
  type AccountAdminService,
  type GrpcClient,
} from '@inkwell/platform';

/** The account service could not answer: the staff list is not ours to guess (503, ask again). */
export class StaffDirectoryUnavailable extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', 'The staff list cannot be read right now. Please try again.');
  }
}

/**
 * Staff accounts (admin, support, finance), asked of the account service, which alone holds roles.
 * Driver: gRPC `AccountAdmin.ListStaff` at `config.peers.account.grpcAddress` (ACCOUNT_GRPC_ADDR).
 */
export class AccountStaff {
  private readonly client: GrpcClient<AccountAdminService>;

  constructor(address: string) {
    this.client = createGrpcClient<AccountAdminService>(ACCOUNT_ADMIN.proto, ACCOUNT_ADMIN.service, address);
  }

  /** Every staff account by email. Throws StaffDirectoryUnavailable (503) when account cannot be asked. */
  async list(): Promise<AssignableUser[]> {
    try {
      const { staff } = await this.client.listStaff({});
      return (staff ?? []).map((entry) => ({ userId: entry.userId, email: entry.email, name: entry.name ? entry.name : null, roles: [...(entry.roles ?? [])] }));
    } catch (error) {
      // Unreachable, timed out, or an account service without ListStaff yet: none of it is the caller's mistake.
      if (error instanceof GrpcCallError) throw new StaffDirectoryUnavailable();
      throw error;
    }
  }

  /** The staff account `userId`, or null when it is none (not an account, or one without a staff role). */
  async find(userId: string): Promise<AssignableUser | null> {
    return (await this.list()).find((entry) => entry.userId === userId) ?? null;
  }

  close(): void {
    this.client.close();
  }
}
