import { randomUUID } from 'node:crypto';
import { ACCOUNT_LINKS, createGrpcServer, type AccountLinksService, type ServiceConfig } from '@inkwell/platform';
import { testLogger, testServiceConfig } from '@inkwell/platform/testing';

export interface AccountLinksStandIn {
  /** Settings that point the support service at this server. */
  config: Pick<ServiceConfig, 'peers'>;
  /** A link the account service would issue for a new id; returns the id an event carries. */
  request(url: string): string;
  /** How many links were issued. */
  issued(): number;
  close(): Promise<void>;
}

/**
 * The account service's AccountLinks contract served over real gRPC, issuing each requested link
 * once as the account service does, so support's tests need no account database. The real pair is
 * driven end to end in test/e2e/account-email.test.ts.
 */
export async function startAccountLinks(): Promise<AccountLinksStandIn> {
  const links = new Map<string, { url: string; issued: boolean }>();
  let issued = 0;
  const server = createGrpcServer({ logger: testLogger });
  server.addService<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, {
    async issueLink({ linkId }) {
      const link = links.get(linkId);
      if (!link) throw Object.assign(new Error(`No link ${linkId}`), { code: 'NOT_FOUND' });
      if (link.issued) throw Object.assign(new Error(`Link ${linkId} was already issued`), { code: 'FAILED_PRECONDITION' });
      link.issued = true;
      issued += 1;
      return { url: link.url };
    },
  });
  const port = await server.listen('127.0.0.1', 0);
  const { peers } = testServiceConfig('support', 'postgres://unused');
  return {
    config: { peers: { ...peers, account: { ...peers.account, grpcAddress: `127.0.0.1:${port}` } } },
    request(url) {
      const id = randomUUID();
      links.set(id, { url, issued: false });
      return id;
    },
    issued: () => issued,
    close: () => server.shutdown(),
  };
}
