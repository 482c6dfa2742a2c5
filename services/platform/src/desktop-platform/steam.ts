import {
  DesktopPlatformRefusal,
  DesktopPlatformUnavailable,
  DesktopTicketError,
  type DesktopPlatform,
  type InitTransactionInput,
  type SubscriptionState,
  type TicketOwner,
  type TransactionState,
  type TransactionStatus,
} from './port';

/** Steam's publisher Web API host (the Steamworks Web API key is a publisher key). */
export const STEAM_PARTNER_API_URL = 'https://partner.steam-api.com';
const TIMEOUT_MS = 10_000;

export interface SteamDesktopOptions {
  /** The Steamworks Web API publisher key: sent to Steam only, never logged or answered. */
  webApiKey: string;
  appId: string;
  /** Another host speaking the same calls (the stand-in in tests); Steam's partner host by default. */
  apiUrl?: string;
  /** ISteamMicroTxnSandbox instead of ISteamMicroTxn (Steam's test payments). */
  sandbox?: boolean;
}

type Params = Record<string, string | number>;

interface SteamAnswer {
  response?: {
    result?: string;
    params?: Record<string, unknown>;
    error?: { errorcode?: number | string; errordesc?: string };
  };
}

interface SteamAgreement {
  agreementid?: string;
  status?: string;
  nextpayment?: string;
  enddate?: string;
  timecreated?: string;
}

const TXN_STATUSES: readonly TransactionStatus[] = ['Init', 'Approved', 'Succeeded', 'Failed', 'Refunded', 'PartialRefund', 'Chargedback'];

/** Steam's dates are `YYYYMMDD`; the agreement is paid up to the end of that day (UTC). */
function dayEnd(day: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59));
}

/**
 * The Steam Web API driver (DESKTOP_PLATFORM_DRIVER=steam), written to Steam's documented calls
 * (partner.steamgames.com/doc/webapi): ISteamUserAuth/AuthenticateUserTicket for tickets;
 * ISteamMicroTxn InitTxn v3, FinalizeTxn v2, QueryTxn v3 and RefundTxn v2 for micro-transactions;
 * GetUserAgreementInfo v1 and CancelAgreement v1 for the subscription (a recurring billing
 * agreement). It has been tested against a local stand-in of those calls only, never against Steam.
 */
export class SteamDesktopPlatform implements DesktopPlatform {
  readonly driver = 'steam' as const;
  readonly platform = 'steam' as const;
  private readonly base: string;
  private readonly txn: string;

  constructor(private readonly options: SteamDesktopOptions) {
    this.base = (options.apiUrl ?? STEAM_PARTNER_API_URL).replace(/\/$/, '');
    this.txn = options.sandbox ? 'ISteamMicroTxnSandbox' : 'ISteamMicroTxn';
  }

  private async call(method: 'GET' | 'POST', path: string, params: Params): Promise<SteamAnswer> {
    const form = new URLSearchParams({ key: this.options.webApiKey, appid: this.options.appId });
    for (const [name, value] of Object.entries(params)) form.set(name, String(value));
    const url = method === 'GET' ? `${this.base}/${path}?${form}` : `${this.base}/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        ...(method === 'POST' ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The URL holds the key: never say it.
      throw new DesktopPlatformUnavailable(`Steam could not be reached (${path}): ${error instanceof Error ? error.name : 'error'}`);
    }
    if (response.status === 401 || response.status === 403) throw new DesktopPlatformUnavailable(`Steam refused the Web API key (${path}: HTTP ${response.status})`);
    if (!response.ok) throw new DesktopPlatformUnavailable(`Steam answered HTTP ${response.status} (${path})`);
    try {
      return (await response.json()) as SteamAnswer;
    } catch {
      throw new DesktopPlatformUnavailable(`Steam answered something that is not JSON (${path})`);
    }
  }

  /** ISteamMicroTxn answers: `result` OK with `params`, or Failure with `error`. */
  private async microTxn(method: 'GET' | 'POST', name: string, version: number, params: Params): Promise<Record<string, unknown>> {
    const answer = await this.call(method, `${this.txn}/${name}/v${version}/`, params);
    const body = answer.response;
    if (body?.result === 'OK' && body.params) return body.params;
    if (body?.error) throw new DesktopPlatformRefusal(String(body.error.errorcode ?? ''), body.error.errordesc ?? `Steam refused ${name}.`);
    throw new DesktopPlatformUnavailable(`Steam answered ${name} without a result`);
  }

  async authenticateTicket(ticket: string): Promise<TicketOwner> {
    if (!/^[0-9a-fA-F]{2,8192}$/.test(ticket)) throw new DesktopTicketError('The desktop platform does not know this ticket.');
    const answer = await this.call('GET', 'ISteamUserAuth/AuthenticateUserTicket/v1/', { ticket });
    const body = answer.response;
    const params = body?.params as { result?: string; steamid?: string; ownersteamid?: string } | undefined;
    if (params?.result === 'OK' && params.steamid) return { platformUserId: String(params.steamid), ownerPlatformUserId: String(params.ownersteamid ?? params.steamid) };
    if (body?.error) throw new DesktopTicketError(`The desktop platform did not accept the ticket (${body.error.errordesc ?? body.error.errorcode}).`);
    throw new DesktopPlatformUnavailable('Steam answered AuthenticateUserTicket without a result');
  }

  private async agreements(platformUserId: string): Promise<SteamAgreement[]> {
    const params = await this.microTxn('GET', 'GetUserAgreementInfo', 1, { steamid: platformUserId });
    return Array.isArray(params.agreements) ? (params.agreements as SteamAgreement[]) : [];
  }

  async subscription(platformUserId: string): Promise<SubscriptionState> {
    const agreements = await this.agreements(platformUserId);
    // The active one if any, else the one paid up to the latest day.
    const ranked = agreements
      .filter((agreement) => agreement.status === 'Active' || agreement.status === 'Canceled')
      .map((agreement) => ({ agreement, until: dayEnd(agreement.nextpayment) ?? dayEnd(agreement.enddate) }))
      .sort((a, b) => Number(b.agreement.status === 'Active') - Number(a.agreement.status === 'Active') || (b.until?.getTime() ?? 0) - (a.until?.getTime() ?? 0));
    const best = ranked[0];
    if (!best) return { valid: false, status: 'None', agreementId: null, paidUntil: null };
    const status = best.agreement.status as 'Active' | 'Canceled';
    const valid = status === 'Active' || (best.until !== null && best.until > new Date());
    return { valid, status, agreementId: best.agreement.agreementid ?? null, paidUntil: best.until?.toISOString() ?? null };
  }

  async renewSubscription(platformUserId: string): Promise<SubscriptionState> {
    const state = await this.subscription(platformUserId);
    if (state.status === 'Active') return state;
    // Steam has no call to take back a cancellation: a new agreement is an InitTxn the user authorises in the overlay.
    throw new DesktopPlatformRefusal('agreement-needed', 'Subscribe again in the desktop app: Steam asks you to agree to a new subscription there.');
  }

  async cancelSubscription(platformUserId: string): Promise<SubscriptionState> {
    for (const agreement of await this.agreements(platformUserId)) {
      if (agreement.status === 'Active' && agreement.agreementid) await this.microTxn('POST', 'CancelAgreement', 1, { steamid: platformUserId, agreementid: agreement.agreementid });
    }
    return this.subscription(platformUserId);
  }

  private state(params: Record<string, unknown>, fallback: { amount: number; currency: string; status: TransactionStatus }): TransactionState {
    const items = Array.isArray(params.items) ? (params.items as Array<{ amount?: number | string }>) : [];
    const status = TXN_STATUSES.includes(params.status as TransactionStatus) ? (params.status as TransactionStatus) : fallback.status;
    return {
      orderId: String(params.orderid ?? ''),
      transId: String(params.transid ?? ''),
      status,
      amount: items.length > 0 ? items.reduce((sum, item) => sum + Number(item.amount ?? 0), 0) : fallback.amount,
      currency: typeof params.currency === 'string' ? params.currency : fallback.currency,
    };
  }

  async initTransaction(input: InitTransactionInput): Promise<TransactionState> {
    const params: Params = {
      orderid: input.orderId,
      steamid: input.platformUserId,
      itemcount: input.items.length,
      language: input.language,
      currency: input.currency,
      usersession: 'client',
    };
    input.items.forEach((item, index) => {
      params[`itemid[${index}]`] = item.itemId;
      params[`qty[${index}]`] = item.quantity;
      params[`amount[${index}]`] = item.amount;
      params[`description[${index}]`] = item.description.slice(0, 128);
    });
    const amount = input.items.reduce((sum, item) => sum + item.amount, 0);
    return this.state(await this.microTxn('POST', 'InitTxn', 3, params), { amount, currency: input.currency, status: 'Init' });
  }

  async finalizeTransaction(orderId: string): Promise<TransactionState> {
    await this.microTxn('POST', 'FinalizeTxn', 2, { orderid: orderId });
    return this.queryTransaction(orderId);
  }

  async queryTransaction(orderId: string): Promise<TransactionState> {
    try {
      return this.state(await this.microTxn('GET', 'QueryTxn', 3, { orderid: orderId }), { amount: 0, currency: '', status: 'Init' });
    } catch (error) {
      // Steam's "order not found" (errorcode 100 family with that description) is the port's unknown order.
      if (error instanceof DesktopPlatformRefusal && /not found|invalid order/i.test(error.message)) throw new DesktopPlatformRefusal('unknown-order', error.message);
      throw error;
    }
  }

  async refundTransaction(orderId: string): Promise<TransactionState> {
    await this.microTxn('POST', 'RefundTxn', 2, { orderid: orderId });
    return this.queryTransaction(orderId);
  }
}
