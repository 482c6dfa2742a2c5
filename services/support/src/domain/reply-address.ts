/**
 * A ticket's reply address: the support address with the ticket's token after a `+`
 * (`support@inkwell.example` → `support+k3j9…@inkwell.example`). Staff replies are sent with it as
 * Reply-To, so the customer's answer names the ticket even when their mail program drops the
 * threading headers. Tokens are long random strings: knowing one only lets a sender add a message.
 */

const TOKEN = /^[a-z0-9]{16,64}$/;

function split(address: string): { local: string; domain: string } | null {
  const bare = (/<([^<>]+)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase();
  const at = bare.lastIndexOf('@');
  if (at <= 0 || at === bare.length - 1) return null;
  return { local: bare.slice(0, at), domain: bare.slice(at + 1) };
}

/** The reply address of the ticket with this token. */
export function replyAddressFor(supportAddress: string, token: string): string {
  const parts = split(supportAddress);
  if (!parts) throw new Error(`SUPPORT_ADDRESS is not an address: ${supportAddress}`);
  return `${parts.local}+${token}@${parts.domain}`;
}

/** True when `address` is the support address itself or one of its reply addresses. */
export function isSupportAddress(supportAddress: string, address: string): boolean {
  const ours = split(supportAddress);
  const theirs = split(address);
  if (!ours || !theirs || ours.domain !== theirs.domain) return false;
  return theirs.local === ours.local || theirs.local.startsWith(`${ours.local}+`);
}

/** The ticket token named by the first of `addresses` that is a reply address of ours, if any. */
export function replyTokenIn(supportAddress: string, addresses: readonly string[]): string | null {
  const ours = split(supportAddress);
  if (!ours) return null;
  for (const address of addresses) {
    const theirs = split(address);
    if (!theirs || theirs.domain !== ours.domain || !theirs.local.startsWith(`${ours.local}+`)) continue;
    const token = theirs.local.slice(ours.local.length + 1);
    if (TOKEN.test(token)) return token;
  }
  return null;
}
