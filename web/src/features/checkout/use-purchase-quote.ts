import { useCallback, useEffect, useRef, useState } from 'react';
import { requestPurchase } from './api/request-purchase';
import type { Purchase, PurchaseRequest } from './types';

/** Typing a postal code is one change once the keys stop, not one purchase request per key. */
const QUOTE_DELAY_MS = 400;

export interface Quote {
  /** What the purchase was priced for (see `quoteKey`): equal keys, equal rates and totals. */
  key: string;
  body: PurchaseRequest;
  purchase: Purchase;
}

/**
 * The purchase as the order service prices it now: asked for again only when `key` changes (spec
 * §5: rates are recalculated only when country or postal code change or mandatory fields become
 * filled or empty; the coupon, the chosen rate and the cart change the totals too). A null key
 * clears it (the addresses are not complete). Answers to earlier keys are dropped.
 */
export function usePurchaseQuote(key: string | null, body: PurchaseRequest | null) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const sequence = useRef(0);
  const latestBody = useRef(body);
  const latestQuote = useRef(quote);
  useEffect(() => {
    latestBody.current = body;
    latestQuote.current = quote;
  });

  /** Prices `request` now (a coupon being applied, a Pay that needs the latest addresses); the result becomes the quote for `forKey`. */
  const refresh = useCallback(async (request: PurchaseRequest, forKey: string): Promise<Purchase> => {
    const id = ++sequence.current;
    setPending(true);
    try {
      const purchase = await requestPurchase(request);
      if (sequence.current === id) {
        setQuote({ key: forKey, body: request, purchase });
        setProblem(null);
      }
      return purchase;
    } finally {
      if (sequence.current === id) setPending(false);
    }
  }, []);

  useEffect(() => {
    if (key === null) {
      sequence.current += 1;
      setQuote(null);
      setProblem(null);
      setPending(false);
      return;
    }
    if (latestQuote.current?.key === key) return;
    const id = ++sequence.current;
    setPending(true);
    const timer = setTimeout(() => {
      const request = latestBody.current;
      if (!request) return;
      requestPurchase(request).then(
        (purchase) => {
          if (sequence.current !== id) return;
          setQuote({ key, body: request, purchase });
          setProblem(null);
          setPending(false);
        },
        (error: unknown) => {
          if (sequence.current !== id) return;
          setQuote(null);
          setProblem(error);
          setPending(false);
        },
      );
    }, QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);

  return { quote, problem, pending, refresh };
}
