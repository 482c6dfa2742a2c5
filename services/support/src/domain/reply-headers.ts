/**
 * Pure helpers for a staff reply's headers (issue 24): the subject ("Re: " once), the From with the
 * store's display name, and the threading chain (In-Reply-To, References).
 */

/** A header value must stay on one line: a CR or LF would start a header of the sender's choosing. */
export function isOneLine(value: string): boolean {
  return !/[\r\n]/.test(value);
}

/** `Re: <subject>`, without stacking prefixes: "Re: Re: Hello" and "RE: Hello" become "Re: Hello". */
export function replySubject(ticketSubject: string): string {
  const bare = ticketSubject
    .replace(/[\r\n]+/g, ' ')
    .replace(/^(\s*(re|aw|sv|fwd?)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .trim();
  return bare ? `Re: ${bare}` : 'Re: your message';
}

/** The display name of `Name <address>` (quotes removed), or null for a bare address. */
export function displayNameOf(mailbox: string): string | null {
  const match = /^\s*(.*?)\s*<[^<>]+>\s*$/.exec(mailbox);
  const name = match?.[1]?.replace(/^"(.*)"$/, '$1').trim();
  return name ? name : null;
}

/** The bare address of `Name <address>` or of an address. */
export function bareAddressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** `"Name" <address>` (the name quoted when it has characters RFC 5322 reserves), or the address. */
export function mailbox(name: string | null, address: string): string {
  const clean = name?.replace(/[\r\n"\\<>]/g, '').trim();
  if (!clean) return address;
  return /^[\w !#$%&'*+/=?^`{|}~.-]+$/.test(clean) && !clean.includes('.') ? `${clean} <${address}>` : `"${clean}" <${address}>`;
}

/** A Message-ID as it may go into a header: one `<left@right>` token, nothing else. */
const MESSAGE_ID = /^<[^<>\s@]+@[^<>\s@]+>$/;

export function normalizeMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const wrapped = trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
  return MESSAGE_ID.test(wrapped) && wrapped.length <= 998 ? wrapped : null;
}

/** Most Message-IDs a References header carries: the first of the thread and the latest ones. */
export const REFERENCES_CAP = 20;

/**
 * The References chain of a thread, oldest first: well-formed ids only, each once, at most `cap`
 * of them (the first, which roots the thread, and the latest `cap - 1`).
 */
export function referencesChain(ids: ReadonlyArray<string | null | undefined>, cap = REFERENCES_CAP): string[] {
  const seen = new Set<string>();
  const chain: string[] = [];
  for (const id of ids) {
    const normal = normalizeMessageId(id);
    if (normal && !seen.has(normal)) {
      seen.add(normal);
      chain.push(normal);
    }
  }
  if (chain.length <= cap) return chain;
  return [chain[0]!, ...chain.slice(chain.length - (cap - 1))];
}
