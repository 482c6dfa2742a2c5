import net from 'node:net';

/** An SMTP reply: its code and text (every line's, joined by newlines, for multi-line replies). */
export interface SmtpReply {
  code: number;
  text: string;
}

/**
 * A minimal SMTP client over a raw socket, so tests can send exactly what they mean (hostile
 * sizes, odd envelopes, a null sender) and see each reply the listener gives.
 */
export class SmtpClient {
  private buffer = '';
  private waiting: Array<(reply: SmtpReply) => void> = [];
  private replies: SmtpReply[] = [];
  private closed = false;
  private lines: string[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      this.buffer += data;
      let end: number;
      while ((end = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        // `250-…` continues, `250 …` ends a reply.
        this.lines.push(line.slice(4));
        if (/^\d{3}-/.test(line)) continue;
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') };
        this.lines = [];
        const next = this.waiting.shift();
        if (next) next(reply);
        else this.replies.push(reply);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.splice(0)) waiter({ code: 0, text: 'connection closed' });
    });
  }

  static async connect(port: number): Promise<{ client: SmtpClient; greeting: SmtpReply }> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new SmtpClient(socket);
    return { client, greeting: await client.reply() };
  }

  reply(): Promise<SmtpReply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve({ code: 0, text: 'connection closed' });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async command(line: string): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Writes the message body (dot-stuffed) and the closing dot, respecting back-pressure. */
  async data(message: Buffer | string): Promise<SmtpReply> {
    const text = (typeof message === 'string' ? Buffer.from(message, 'utf8') : message).toString('latin1');
    const stuffed = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const bytes = Buffer.from(stuffed.endsWith('\r\n') ? stuffed : `${stuffed}\r\n`, 'latin1');
    const chunk = 64 * 1024;
    for (let at = 0; at < bytes.length && !this.closed; at += chunk) {
      if (!this.socket.write(bytes.subarray(at, at + chunk))) await new Promise<void>((resolve) => this.socket.once('drain', resolve));
    }
    this.socket.write('.\r\n');
    return this.reply();
  }

  async quit(): Promise<void> {
    if (!this.closed) await this.command('QUIT');
    this.socket.destroy();
  }
}

export interface SendResult {
  greeting: SmtpReply;
  mailFrom: SmtpReply;
  rcptTo: SmtpReply[];
  data?: SmtpReply;
  /** The answer to the end of the message (undefined when DATA was refused or no recipient taken). */
  end?: SmtpReply;
}

/** One mail transaction: EHLO, MAIL FROM, each RCPT TO, DATA and the message, QUIT. */
export async function sendSmtp(port: number, mail: { from: string; to: readonly string[]; message: Buffer | string; mailFromParams?: string }): Promise<SendResult> {
  const { client, greeting } = await SmtpClient.connect(port);
  try {
    const ehlo = await client.command('EHLO test.example');
    if (ehlo.code !== 250) return { greeting, mailFrom: ehlo, rcptTo: [] };
    const mailFrom = await client.command(`MAIL FROM:<${mail.from}>${mail.mailFromParams ? ` ${mail.mailFromParams}` : ''}`);
    const rcptTo: SmtpReply[] = [];
    if (mailFrom.code !== 250) return { greeting, mailFrom, rcptTo };
    for (const to of mail.to) rcptTo.push(await client.command(`RCPT TO:<${to}>`));
    if (!rcptTo.some((reply) => reply.code === 250)) return { greeting, mailFrom, rcptTo };
    const data = await client.command('DATA');
    if (data.code !== 354) return { greeting, mailFrom, rcptTo, data };
    const end = await client.data(mail.message);
    return { greeting, mailFrom, rcptTo, data, end };
  } finally {
    await client.quit();
  }
}
