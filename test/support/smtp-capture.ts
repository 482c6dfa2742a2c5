import { SMTPServer } from 'smtp-server';
import { freePort } from '@inkwell/platform';

/** A message as the capture server received it: its envelope recipients and the raw text. */
export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  port: number;
  received: CapturedMail[];
  /** While `refuseData` is set, the server refuses each message after DATA with a permanent 554. */
  state: { refuseData: boolean };
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free 127.0.0.1 port, keeping every message
 * raw: the mailbox a service or stack sends through (SMTP_URL). `reply` is the text it answers a
 * queued message with (given how many it has received, this one included).
 */
export async function startSmtpCapture(options: { reply?: (count: number) => string } = {}): Promise<SmtpCapture> {
  const reply = options.reply ?? (() => 'queued');
  const received: CapturedMail[] = [];
  const state = { refuseData: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseData) return callback(Object.assign(new Error('Message refused by policy'), { responseCode: 554 }));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback(null, reply(received.length));
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
