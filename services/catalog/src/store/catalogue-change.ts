import { problem, type Problem } from '@inkwell/contracts/problems';
import { BadRequestError, type Outbox, type Transaction } from '@inkwell/platform';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, isValidReadableUrl } from '../domain';
import { refusedRecordMessage } from '../domain/messages';

/**
 * Where a change to the catalogue is written: the transaction it commits in, and the outbox its
 * integration events go to in that same transaction (so search, the read cache and analytics
 * follow exactly the changes that commit).
 */
export interface CatalogueChange {
  tx: Transaction;
  outbox: Outbox;
}

/** Refuses a record that breaks a rule, with every problem found, as a 400 for a staff route. */
export function refuseProblems(what: string, problems: readonly Problem[]): void {
  if (problems.length > 0) throw new BadRequestError(refusedRecordMessage(what, problems.map((item) => item.message).join(' ')), { problems: [...problems] });
}

/** A readable URL is optional, but never only digits (those address items by id). */
export function checkReadableUrl(what: string, readableUrl: string | undefined): void {
  if (readableUrl !== undefined && !isValidReadableUrl(readableUrl)) refuseProblems(what, [problem('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE)]);
}
