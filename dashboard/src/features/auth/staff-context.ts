import { createContext, useContext } from 'react';
import type { Account } from '@inkwell/ui-kit/account';

export interface StaffSession {
  account: Account;
  signOut: () => void;
}

export const StaffContext = createContext<StaffSession | null>(null);

/** The signed-in admin; only available inside the staff gate. */
export function useStaff(): StaffSession {
  const session = useContext(StaffContext);
  if (!session) throw new Error('useStaff must be used inside <StaffGate>');
  return session;
}
