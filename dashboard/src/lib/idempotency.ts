/**
 * A fresh `Idempotency-Key` for a staff action that must happen once however often it is sent (a
 * refund, a reply): one per dialog or draft, so a double click or a retry after a lost answer is
 * recognised by the service.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context there is no randomUUID; getRandomValues still gives an unguessable key.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
