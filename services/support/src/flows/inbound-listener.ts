import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '@inkwell/platform';
import { isSupportAddress } from '../domain/reply-address';
import type { InboundEnvelope, InboundOutcome } from './inbound-mail';

/**
 * The support desk's inbound SMTP listener (`smtp-server`): in production it sits behind the email
 * provider's inbound route or an MX that terminates TLS, so it asks for no AUTH and offers no
 * STARTTLS. It takes mail only for the support address and its reply addresses (others 550),
 * announces SIZE and refuses a larger message with 552 while it streams (never holding more than
 * the limit), at most 20 recipients, limited connections (overall and per client address) with
 * socket timeouts. Each accepted message is handed to `receive`; a failure there answers 451 (the
 * sender's server tries again later) and never takes the listener down.
 */

export interface InboundListenerSettings {
  host: string;
  /** 0: any free port (see `port()`). */
  port: number;
  supportAddress: string;
  maxMessageBytes: number;
  maxRecipients?: number;
  maxClients?: number;
  maxClientsPerAddress?: number;
  socketTimeoutMs?: number;
}

type Receive = (raw: Buffer, envelope: InboundEnvelope) => Promise<InboundOutcome>;

function smtpError(message: string, responseCode: number): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

export class InboundListener {
  private server: SMTPServer | undefined;
  private boundPort: number | undefined;
  private readonly perAddress = new Map<string, number>();
  private readonly counted = new Set<string>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly settings: InboundListenerSettings,
    private readonly receive: Receive,
    private readonly logger: Logger,
  ) {}

  /** The bound port once started (differs from the setting when that is 0). */
  port(): number | undefined {
    return this.boundPort;
  }

  async start(): Promise<number> {
    const { settings } = this;
    const limit = settings.maxMessageBytes;
    const maxPerAddress = settings.maxClientsPerAddress ?? 5;
    const server = new SMTPServer({
      name: 'inkwell-support',
      banner: 'Inkwell support',
      logger: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: limit,
      maxRecipients: settings.maxRecipients ?? 20,
      maxClients: settings.maxClients ?? 50,
      socketTimeout: settings.socketTimeoutMs ?? 60_000,
      closeTimeout: 5_000,
      onConnect: (session, callback) => {
        const count = this.perAddress.get(session.remoteAddress) ?? 0;
        if (count >= maxPerAddress) return callback(smtpError('Too many connections from your address, try again later', 421));
        this.perAddress.set(session.remoteAddress, count + 1);
        this.counted.add(session.id);
        return callback();
      },
      onClose: (session) => {
        // Only connections that were let in give a slot back (a refused one closes too).
        if (!this.counted.delete(session.id)) return;
        const count = this.perAddress.get(session.remoteAddress) ?? 0;
        if (count <= 1) this.perAddress.delete(session.remoteAddress);
        else this.perAddress.set(session.remoteAddress, count - 1);
      },
      onMailFrom: (_address, _session, callback) => callback(),
      onRcptTo: (address, _session, callback) => {
        if (!isSupportAddress(settings.supportAddress, address.address)) return callback(smtpError('No such mailbox here', 550));
        return callback();
      },
      onData: (stream, session, callback) => this.onData(stream, session, callback),
    });
    // A client's misbehaviour is logged and the listener goes on.
    server.on('error', (error) => this.logger.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'inbound SMTP connection failed'));
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.server.once('error', onError);
      server.listen(settings.port, settings.host, () => {
        server.server.off('error', onError);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.logger.info({ port: this.boundPort }, 'inbound support SMTP listening');
    return this.boundPort;
  }

  private onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void): void {
    const limit = this.settings.maxMessageBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and thrown away: the answer is 552 either way.
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    stream.once('error', (error) => {
      this.logger.warn({ err: { message: error.message } }, 'inbound SMTP data stream failed');
      callback(smtpError('Error reading the message, try again later', 451));
    });
    stream.once('end', () => {
      if (over || stream.sizeExceeded) {
        this.logger.info({ size }, 'inbound mail refused: too large');
        callback(smtpError(`Message too large: at most ${limit} bytes`, 552));
        return;
      }
      const envelope: InboundEnvelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
      };
      const work = this.receive(Buffer.concat(chunks, size), envelope).then(
        (outcome) => {
          if (outcome.kind === 'refused') return callback(smtpError(outcome.message, outcome.responseCode));
          if (outcome.kind === 'ticket') this.logger.info({ ticketId: outcome.ticketId, messageId: outcome.messageId, opened: outcome.opened }, 'inbound mail added to a ticket');
          else if (outcome.kind === 'rejected') this.logger.info({ reason: outcome.reason }, 'inbound mail opened no ticket');
          return callback(null, 'Message received');
        },
        (error: unknown) => {
          this.logger.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'inbound mail could not be stored');
          callback(smtpError('Temporary failure storing the message, try again later', 451));
        },
      );
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    });
  }

  /** Stops taking connections and waits for messages being stored. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...this.inFlight]);
  }
}
