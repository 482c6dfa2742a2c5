/**
 * "View cart" beside an add-to-cart button opens the navbar's popup: the two sit far apart in the
 * page, so the request travels through here instead of through every component between them.
 */
const listeners = new Set<() => void>();

export function requestCartPopup(): void {
  for (const listener of listeners) listener();
}

export function onCartPopupRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
