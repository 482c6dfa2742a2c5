import { useEffect, useRef, useState } from 'react';
import { Button } from '@inkwell/ui-kit/button';
import { FormAlert } from '@/components/ui/form-alert';
import { verifyAddress } from '../api/verify-address';
import { suggestedChanges, toAddressInput, type AddressForm } from '../checkout-rules';
import type { AddressVerification } from '../types';
import styles from './checkout.module.css';

const VERIFY_DELAY_MS = 600;
/**
 * Advice on the delivery address once it is complete (spec §5 address verification): the city or
 * state the postal data knows for its postal code, with a button to take them, or a note that the
 * postal code and the state do not agree, with the spec's warnings. Advice only: paying is not held
 * up by it, since the embedded postal data knows no streets.
 */
export function AddressAdvice({ address, checkKey, onUse }: { address: AddressForm; checkKey: string | null; onUse: (changes: Partial<AddressForm>) => void }) {
  const [verification, setVerification] = useState<{ key: string; result: AddressVerification } | null>(null);
  const previous = useRef<string | null>(null);
  const latest = useRef(address);
  useEffect(() => {
    latest.current = address;
  });

  useEffect(() => {
    if (checkKey === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      verifyAddress(toAddressInput(latest.current, 'Shipping'), previous.current, { signal: controller.signal }).then(
        (result) => {
          previous.current = result.responseId;
          setVerification({ key: checkKey, result });
        },
        () => undefined,
      );
    }, VERIFY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [checkKey]);

  if (!verification || verification.key !== checkKey) return null;
  const { result } = verification;
  const changes = suggestedChanges(address, result);
  if (Object.keys(changes).length > 0) {
    const suggested = { ...address, ...changes };
    return (
      <FormAlert tone="info" title="Check your address">
        <p>
          The postal service knows {suggested.postalCode} as {suggested.locality}
          {suggested.administrativeArea ? `, ${suggested.administrativeArea}` : ''}.
        </p>
        <Button variant="secondary" size="sm" className={styles.adviceButton} onClick={() => onUse(changes)}>
          Use {suggested.locality}
          {suggested.administrativeArea ? `, ${suggested.administrativeArea}` : ''} {suggested.postalCode}
        </Button>
      </FormAlert>
    );
  }
  if (result.unconfirmedComponents.includes('postalCode') || result.unconfirmedComponents.includes('administrativeArea')) {
    return (
      <FormAlert tone="info" title="Check your address">
        <p>We could not match the postal code {address.postalCode} with this {address.country === 'CA' ? 'province' : 'state'}. Check both before you pay.</p>
        {result.warnings.map((warning) => (
          <p key={warning}>{warning}</p>
        ))}
      </FormAlert>
    );
  }
  return null;
}
