import { MESSAGES } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** The problem with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}
