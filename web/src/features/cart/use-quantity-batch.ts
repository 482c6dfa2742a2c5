import { useCallback, useEffect, useRef, useState } from 'react';
import { CART_QUANTITY_DEBOUNCE_MS, draftChanges, draftQuantity, shownQuantity, type CartChange, type CartLine, type QuantityDrafts } from './cart-rules';

const NONE: QuantityDrafts = new Map();

/**
 * Quantity clicks batched as storefront spec §4 and §9 ask: each click shows at once, and 500 ms
 * after the last one every changed line goes out as one change against what the cart holds.
 * `send` gets the changes and a callback to call once they have settled; until then the sent
 * quantities stay on screen, so nothing flickers back while the answer is on its way. Whatever is
 * still waiting when the popup closes is sent then.
 */
export function useQuantityBatch(lines: readonly CartLine[], send: (changes: CartChange[], settled: () => void) => void) {
  const [drafts, setDrafts] = useState<QuantityDrafts>(NONE);
  const [sending, setSending] = useState<QuantityDrafts>(NONE);
  const draftsRef = useRef(drafts);
  const linesRef = useRef(lines);
  const sendRef = useRef(send);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    linesRef.current = lines;
    sendRef.current = send;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const batch = draftsRef.current;
    if (batch.size === 0) return;
    draftsRef.current = NONE;
    setDrafts(NONE);
    const changes = draftChanges(batch, linesRef.current);
    if (changes.length === 0) return;
    setSending(batch);
    sendRef.current(changes, () => setSending((current) => (current === batch ? NONE : current)));
  }, []);

  useEffect(() => flush, [flush]);

  const setQuantity = useCallback(
    (line: CartLine, wanted: number) => {
      const next = draftQuantity(draftsRef.current, line, wanted);
      draftsRef.current = next;
      setDrafts(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, CART_QUANTITY_DEBOUNCE_MS);
    },
    [flush],
  );

  const quantityOf = useCallback((line: CartLine) => drafts.get(line.key) ?? shownQuantity(sending, line), [drafts, sending]);

  return { quantityOf, setQuantity, waiting: drafts.size > 0 || sending.size > 0 };
}
