import { api } from '@inkwell/ui-kit/api-client';
import type { AddressInput, AddressVerification } from '../types';

/**
 * `POST /verify-address?previousResponseId=`: how well the postal data knows this address (spec §5
 * strict and lenient rules, S/D/N warnings) and the address as it suggests it. The previous answer's
 * id ties a corrected address to the check that asked for the correction.
 */
export async function verifyAddress(address: AddressInput, previousResponseId: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<AddressVerification> {
  const { data } = await api.post<AddressVerification>('/verify-address', address, { signal, query: { previousResponseId: previousResponseId ?? undefined } });
  return data;
}
