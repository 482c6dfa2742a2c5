import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_ADMIN, createGrpcClient, type AccountAdminService, type GrpcClient } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { accountService } from '../src';

describe('AccountAdmin.ListStaff (the support desk\'s assignable users)', () => {
  let service: TestService;
  let client: GrpcClient<AccountAdminService>;

  beforeAll(async () => {
    service = await buildTestService(accountService);
    client = createGrpcClient<AccountAdminService>(ACCOUNT_ADMIN.proto, ACCOUNT_ADMIN.service, `127.0.0.1:${await service.grpc.listen('127.0.0.1', 0)}`);
  });
  afterAll(async () => {
    client?.close();
    await service?.close();
  });

  const account = async (email: string, roles: string[], name: string | null) =>
    (await service.context.db.query<{ id: string }>(`INSERT INTO accounts (email, password_hash, roles, name) VALUES ($1, 'x', $2, $3) RETURNING id`, [email, roles, name])).rows[0]!.id;

  it('answers every account holding a staff role, by email, with only its staff roles and its name', async () => {
    const zed = await account(`Zed-${process.pid}@example.com`, ['support'], 'Zed Support');
    const amy = await account(`amy-${process.pid}@example.com`, ['finance', 'admin', 'beta-tester'], null);
    const reader = await account(`reader-${process.pid}@example.com`, [], 'Rita Reader');
    const tester = await account(`tester-${process.pid}@example.com`, ['beta-tester'], null);

    const { staff } = await client.listStaff({});
    const mine = staff.filter((entry) => [zed, amy, reader, tester].includes(entry.userId));
    assert.deepEqual(mine, [
      { userId: amy, email: `amy-${process.pid}@example.com`, name: '', roles: ['admin', 'finance'] },
      { userId: zed, email: `Zed-${process.pid}@example.com`, name: 'Zed Support', roles: ['support'] },
    ]);
  });
});
