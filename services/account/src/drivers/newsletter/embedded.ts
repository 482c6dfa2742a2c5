import { randomUUID } from 'node:crypto';
import type { Database, EmailSender, Logger } from '@inkwell/platform';
import { confirmationMail, confirmToken, listUnsubscribeHeaders, newsletterLinks } from '../../domain/newsletter';
import { addUnconfirmed, confirmLists, listNewsletterLists, subscriptionsOf, unsubscribeLists } from '../../store/newsletter';
import type { ListSubscriptionStatus, NewsletterList, NewsletterService, SubscribeRequest, SubscribeResult } from './port';

export interface EmbeddedNewslettersOptions {
  db: Database;
  /** The email port: the opt-in mail goes out through it, with the List-Unsubscribe headers. */
  sender: EmailSender;
  from: string;
  publicUrl: string;
  /** Signs the opt-in and unsubscribe links (domain/newsletter.ts). */
  linkKey: Buffer;
  logger: Logger;
}

/**
 * The embedded email-marketing service: lists and subscriptions in the account database, double
 * opt-in by a signed, expiring link mailed to the address, and signed one-click unsubscribe links
 * (RFC 8058 headers on the mail). Like a newsletter service it sends its own mail, straight through
 * the email port (SMTP, SES, or stored and logged in development), not through the support
 * service's transactional queue.
 */
export class EmbeddedNewsletters implements NewsletterService {
  readonly driver = 'embedded';

  constructor(private readonly options: EmbeddedNewslettersOptions) {}

  lists(): Promise<NewsletterList[]> {
    return listNewsletterLists(this.options.db);
  }

  async statuses(email: string): Promise<Map<string, ListSubscriptionStatus>> {
    const rows = await subscriptionsOf(this.options.db, email);
    return new Map(rows.map((row) => [row.list_id, row.status]));
  }

  async subscribe(request: SubscribeRequest): Promise<SubscribeResult> {
    const { db } = this.options;
    const awaiting = await db.transaction((tx) => addUnconfirmed(tx, request.email, request.listIds, request.attributes));
    const alreadySubscribed = request.listIds.filter((id) => !awaiting.includes(id));
    if (awaiting.length > 0) await this.sendConfirmation(request.email, awaiting);
    return { awaitingConfirmation: awaiting, alreadySubscribed };
  }

  unsubscribe(email: string, listIds: string[] | null): Promise<string[]> {
    return this.options.db.transaction((tx) => unsubscribeLists(tx, email, listIds));
  }

  confirm(email: string, listIds: string[]) {
    return this.options.db.transaction((tx) => confirmLists(tx, email, listIds));
  }

  async close(): Promise<void> {
    await this.options.sender.close();
  }

  /** Spec §8: newsletter failures are logged; the subscription stays awaiting confirmation and subscribing again sends a new link. */
  private async sendConfirmation(email: string, listIds: string[]): Promise<void> {
    const { sender, from, publicUrl, linkKey, logger } = this.options;
    const names = new Map((await this.lists()).map((list) => [list.id, list.name]));
    const links = newsletterLinks(publicUrl, linkKey, email);
    const mail = confirmationMail({
      email,
      listNames: listIds.map((id) => names.get(id) ?? id),
      confirmUrl: links.confirmPage(confirmToken(linkKey, email, listIds)),
      unsubscribeUrl: links.unsubscribePage,
    });
    const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'inkwell.local';
    try {
      await sender.send({ messageId: `<${randomUUID()}@${domain}>`, from, to: email, ...mail, headers: listUnsubscribeHeaders(links.oneClick) });
    } catch (error) {
      logger.warn({ err: error, lists: listIds }, 'the newsletter confirmation mail could not be sent');
    }
  }
}
