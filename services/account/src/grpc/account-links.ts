import { ConflictError, NotFoundError, type AccountLinksService, type Database, type ServiceHandlers } from '@inkwell/platform';
import { linkUrl, spentLinkMessage, unknownLinkMessage } from '../domain';
import { issueLink } from '../store/links';

/**
 * `inkwell.account.v1.AccountLinks`: the support service exchanges a link id for the mail's link.
 * Refusals reach the caller as NOT_FOUND (unknown id) and FAILED_PRECONDITION (spent link).
 */
export function accountLinkHandlers(db: Database, publicUrl: string): ServiceHandlers<AccountLinksService> {
  return {
    async issueLink({ linkId }) {
      const issued = await issueLink(db, linkId);
      if ('refused' in issued) {
        throw issued.refused === 'unknown'
          ? new NotFoundError(unknownLinkMessage(linkId))
          : new ConflictError(spentLinkMessage(linkId));
      }
      return { url: linkUrl(publicUrl, issued.purpose, issued.token) };
    },
  };
}
