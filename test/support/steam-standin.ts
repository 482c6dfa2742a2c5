/**
 * A local stand-in for the parts of Steam's Web API the desktop platform's Steam driver calls
 * (services/platform/src/desktop-platform/steam.ts), answering as Steam's documentation
 * (partner.steamgames.com/doc/webapi/ISteamUserAuth, …/ISteamMicroTxn) describes:
 *
 * - GET  /ISteamUserAuth/AuthenticateUserTicket/v1/  key, appid, ticket → response.params {result, steamid, ownersteamid, vacbanned, publisherbanned} or response.error {errorcode, errordesc}
 * - POST /ISteamMicroTxn/InitTxn/v3/                 key, orderid, steamid, appid, itemcount, language, currency, usersession, itemid[n], qty[n], amount[n], description[n] → response {result, params {orderid, transid}}
 * - POST /ISteamMicroTxn/FinalizeTxn/v2/             key, orderid, appid → response {result, params {orderid, transid}}
 * - GET  /ISteamMicroTxn/QueryTxn/v3/                key, appid, orderid → response {result, params {orderid, transid, steamid, status, currency, time, country, usstate, items}}
 * - POST /ISteamMicroTxn/RefundTxn/v2/               key, orderid, appid → response {result, params {orderid, transid}}
 * - GET  /ISteamMicroTxn/GetUserAgreementInfo/v1/    key, steamid, appid → response {result, params {agreements: [...]}}
 * - POST /ISteamMicroTxn/CancelAgreement/v1/         key, steamid, agreementid, appid → response {result, params {agreementid}}
 *
 * A wrong key is refused with HTTP 403, as Steam does. What the stand-in cannot know — the user
 * authorising a transaction in the overlay — the test says with `authorize(orderId)`. It has not
 * been compared with Steam itself: it is the documentation, read once.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Txn {
  orderid: string;
  transid: string;
  steamid: string;
  currency: string;
  status: 'Init' | 'Approved' | 'Succeeded' | 'Failed' | 'Refunded';
  items: Array<{ itemid: number; qty: number; amount: number; vat: number; itemstatus: string }>;
  timecreated: string;
}

interface Agreement {
  agreementid: string;
  itemid: string;
  status: 'Active' | 'Canceled';
  period: string;
  frequency: number;
  billingtype: string;
  startdate: string;
  enddate: string;
  recurringamt: string;
  currency: string;
  timecreated: string;
  lastpayment: string;
  lastamount: string;
  nextpayment: string;
  outstanding: string;
  failedattempts: number;
}

export interface SteamStandin {
  url: string;
  webApiKey: string;
  appId: string;
  /** A ticket the stand-in accepts for this user, as GetAuthTicketForWebApi would give the app (hex). */
  issueTicket(steamId: string): string;
  /** The user approved the transaction in the overlay. */
  authorize(orderId: string): void;
  transaction(orderId: string): Txn | undefined;
  /** A recurring agreement for the user, e.g. `{ status: 'Active', nextpayment: '20991231' }`. */
  addAgreement(steamId: string, agreement: Partial<Agreement>): Agreement;
  /** Every call received: path, method and its parameters (the key included, to check it went only here). */
  calls: Array<{ method: string; path: string; params: Record<string, string> }>;
  close(): Promise<void>;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

async function paramsOf(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
  }
  return params;
}

export async function startSteamStandin(options: { webApiKey?: string; appId?: string } = {}): Promise<SteamStandin> {
  const webApiKey = options.webApiKey ?? randomBytes(16).toString('hex').toUpperCase();
  const appId = options.appId ?? '480';
  const tickets = new Map<string, string>();
  const txns = new Map<string, Txn>();
  const agreements = new Map<string, Agreement[]>();
  const calls: SteamStandin['calls'] = [];
  let nextTrans = 1_000_000_000_000_000n;
  let nextAgreement = 5_000_000;

  const ok = (params: Record<string, unknown>) => ({ response: { result: 'OK', params } });
  const failure = (errorcode: number, errordesc: string) => ({ response: { result: 'Failure', error: { errorcode, errordesc } } });

  const handle = (method: string, path: string, p: Record<string, string>): { status: number; body: unknown } => {
    if (p.key !== webApiKey) return { status: 403, body: '<html><body>Forbidden: Access is denied. Retrying will not help. Please verify your key= parameter.</body></html>' };
    if (p.appid !== appId) return { status: 200, body: failure(3, 'Invalid parameter: appid') };
    const route = `${method} ${path.replace(/\/$/, '')}`;
    switch (route) {
      case 'GET /ISteamUserAuth/AuthenticateUserTicket/v1': {
        const steamid = tickets.get(p.ticket ?? '');
        if (!steamid) return { status: 200, body: { response: { error: { errorcode: 101, errordesc: 'Invalid ticket' } } } };
        return { status: 200, body: { response: { params: { result: 'OK', steamid, ownersteamid: steamid, vacbanned: false, publisherbanned: false } } } };
      }
      case 'POST /ISteamMicroTxn/InitTxn/v3': {
        const count = Number(p.itemcount);
        if (!p.orderid || !/^\d+$/.test(p.orderid)) return { status: 200, body: failure(3, 'Invalid parameter: orderid') };
        if (!p.steamid || !Number.isInteger(count) || count < 1) return { status: 200, body: failure(3, 'Invalid parameter') };
        if (txns.has(p.orderid)) return { status: 200, body: failure(8, 'Duplicate order id') };
        const items: Txn['items'] = [];
        for (let index = 0; index < count; index++) {
          const amount = Number(p[`amount[${index}]`]);
          if (!p[`itemid[${index}]`] || !Number.isInteger(amount) || amount <= 0 || !p[`description[${index}]`]) return { status: 200, body: failure(3, `Invalid parameter: item ${index}`) };
          items.push({ itemid: Number(p[`itemid[${index}]`]), qty: Number(p[`qty[${index}]`] ?? 1), amount, vat: 0, itemstatus: 'Init' });
        }
        const transid = String(nextTrans++);
        txns.set(p.orderid, { orderid: p.orderid, transid, steamid: p.steamid, currency: p.currency ?? 'USD', status: 'Init', items, timecreated: new Date().toISOString() });
        return { status: 200, body: ok({ orderid: p.orderid, transid }) };
      }
      case 'POST /ISteamMicroTxn/FinalizeTxn/v2': {
        const txn = txns.get(p.orderid ?? '');
        if (!txn) return { status: 200, body: failure(100, 'Order not found') };
        if (txn.status === 'Init') return { status: 200, body: failure(7, 'User has not approved the transaction') };
        if (txn.status === 'Approved') {
          txn.status = 'Succeeded';
          for (const item of txn.items) item.itemstatus = 'Succeeded';
        }
        return { status: 200, body: ok({ orderid: txn.orderid, transid: txn.transid }) };
      }
      case 'GET /ISteamMicroTxn/QueryTxn/v3': {
        const txn = txns.get(p.orderid ?? '') ?? [...txns.values()].find((candidate) => candidate.transid === p.transid);
        if (!txn) return { status: 200, body: failure(100, 'Order not found') };
        return { status: 200, body: ok({ orderid: txn.orderid, transid: txn.transid, steamid: txn.steamid, status: txn.status, currency: txn.currency, time: txn.timecreated, country: 'US', usstate: 'WA', items: txn.items }) };
      }
      case 'POST /ISteamMicroTxn/RefundTxn/v2': {
        const txn = txns.get(p.orderid ?? '');
        if (!txn) return { status: 200, body: failure(100, 'Order not found') };
        if (txn.status !== 'Succeeded' && txn.status !== 'Refunded') return { status: 200, body: failure(7, 'Transaction cannot be refunded') };
        txn.status = 'Refunded';
        for (const item of txn.items) item.itemstatus = 'Refunded';
        return { status: 200, body: ok({ orderid: txn.orderid, transid: txn.transid }) };
      }
      case 'GET /ISteamMicroTxn/GetUserAgreementInfo/v1':
        return { status: 200, body: ok({ agreements: agreements.get(p.steamid ?? '') ?? [] }) };
      case 'POST /ISteamMicroTxn/CancelAgreement/v1': {
        const agreement = (agreements.get(p.steamid ?? '') ?? []).find((candidate) => candidate.agreementid === p.agreementid);
        if (!agreement) return { status: 200, body: failure(100, 'Agreement not found') };
        agreement.status = 'Canceled';
        agreement.enddate = agreement.nextpayment;
        return { status: 200, body: ok({ agreementid: agreement.agreementid }) };
      }
      default:
        return { status: 404, body: '<html><body>Not Found</body></html>' };
    }
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://standin');
    paramsOf(request, url)
      .then((params) => {
        calls.push({ method: request.method ?? 'GET', path: url.pathname, params });
        const { status, body } = handle(request.method ?? 'GET', url.pathname, params);
        response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    webApiKey,
    appId,
    calls,
    issueTicket(steamId) {
      const ticket = randomBytes(120).toString('hex').toUpperCase();
      tickets.set(ticket, steamId);
      return ticket;
    },
    authorize(orderId) {
      const txn = txns.get(orderId);
      if (txn?.status === 'Init') txn.status = 'Approved';
    },
    transaction: (orderId) => txns.get(orderId),
    addAgreement(steamId, agreement) {
      const today = new Date();
      const full: Agreement = {
        agreementid: String(nextAgreement++),
        itemid: '9001',
        status: 'Active',
        period: 'Month',
        frequency: 1,
        billingtype: 'Steam',
        startdate: ymd(today),
        enddate: '',
        recurringamt: '499',
        currency: 'USD',
        timecreated: today.toISOString(),
        lastpayment: ymd(today),
        lastamount: '499',
        nextpayment: ymd(new Date(today.getTime() + 30 * 86_400_000)),
        outstanding: '0',
        failedattempts: 0,
        ...agreement,
      };
      agreements.set(steamId, [...(agreements.get(steamId) ?? []), full]);
      return full;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
