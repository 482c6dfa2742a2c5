import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlLinks, textLinks, TokenSigner } from '@inkwell/platform';
import type { TestStack } from './stack';

/** A mail as the support service sent it, with every link found in either body. */
export interface ReceivedMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
}

export interface MailQuery {
  to: string;
  subject?: RegExp;
  /** How long to wait for the mail; 20 s unless given. */
  timeoutMs?: number;
}

type SentEmail = {
  id: string;
  to: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  status: string;
  lastError: string | null;
};

const POLL_INTERVAL_MS = 150;

/** Per stack: the staff token the helper reads with, and the mails already handed to a test. */
const mailboxes = new WeakMap<TestStack, { token: Promise<string>; taken: Set<string> }>();

function mailboxOf(stack: TestStack) {
  let mailbox = mailboxes.get(stack);
  if (!mailbox) {
    mailbox = { token: staffToken(stack), taken: new Set() };
    mailboxes.set(stack, mailbox);
  }
  return mailbox;
}

/** An admin token signed with the stack's own key, as the account service would sign it. */
async function staffToken(stack: TestStack): Promise<string> {
  const auth = stack.services.find((service) => service.name === 'support')?.context.config.auth;
  const privateKeyPem = auth?.privateKeyPem ?? (await readFile(path.join(stack.dataDir, 'keys', 'auth-private.pem'), 'utf8'));
  const signer = new TokenSigner(privateKeyPem, auth?.issuer ?? 'inkwell-account', auth?.audience ?? 'inkwell', 3_600);
  const { token } = await signer.sign({ userId: 'mailbox-test-helper', email: 'mailbox@inkwell.test', roles: ['admin'], verified: true });
  return token;
}

/** Every http(s) URL in the mail: the text part's, then the HTML's hrefs, each once. */
export function linksIn(text: string, html: string): string[] {
  return [...new Set([...textLinks(text), ...htmlLinks(html)])];
}

async function sentTo(stack: TestStack, token: string, to: string): Promise<SentEmail[]> {
  const response = await fetch(`${stack.url}/api/dashboard/sent-emails/post-pagination`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ pageNumber: 1, pageSize: 100, search: to }),
  });
  const body = (await response.json()) as { status: { message?: string }; response: { items: SentEmail[] } | null };
  if (response.status !== 200 || !body.response) throw new Error(`Reading sent emails failed: ${response.status} ${body.status.message ?? ''}`);
  return body.response.items.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits until the support service has sent a mail to `to` (whose subject matches, if given) and
 * returns it. Each mail is handed out once per stack, oldest first, so a test that waits for a
 * second mail to the same address gets the new one. Throws when the mail failed, or when nothing
 * arrives in time, saying what the address did receive.
 */
export async function waitForMail(stack: TestStack, query: MailQuery): Promise<ReceivedMail> {
  const mailbox = mailboxOf(stack);
  const token = await mailbox.token;
  const deadline = Date.now() + (query.timeoutMs ?? 20_000);
  const wanted = (mail: SentEmail) => !mailbox.taken.has(mail.id) && (!query.subject || query.subject.test(mail.subject));
  let seen: SentEmail[];
  for (;;) {
    seen = await sentTo(stack, token, query.to);
    // The call answers newest first.
    const candidates = [...seen].reverse().filter(wanted);
    const failed = candidates.find((mail) => mail.status === 'Failed');
    if (failed) throw new Error(`The mail "${failed.subject}" to ${query.to} failed: ${failed.lastError ?? 'no reason recorded'}`);
    const mail = candidates.find((candidate) => candidate.status === 'Sent' || candidate.status === 'Delivered');
    if (mail) {
      mailbox.taken.add(mail.id);
      return { id: mail.id, to: mail.to, subject: mail.subject, html: mail.htmlBody, text: mail.textBody, links: linksIn(mail.textBody, mail.htmlBody) };
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  const wantedSubject = query.subject ? ` with a subject matching ${query.subject}` : '';
  const received = seen.length === 0 ? 'nothing at all' : seen.map((mail) => `"${mail.subject}" (${mail.status}${mailbox.taken.has(mail.id) ? ', already taken' : ''})`).join(', ');
  throw new Error(`No new mail to ${query.to}${wantedSubject} arrived within ${query.timeoutMs ?? 20_000} ms; that address received ${received}.`);
}
