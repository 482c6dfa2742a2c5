import { createEmailSender, type Database, type Logger, type ServiceConfig } from '@inkwell/platform';
import { EmbeddedNewsletters } from './embedded';
import { ListmonkNewsletters } from './listmonk';
import type { NewsletterService } from './port';

export * from './port';
export { EmbeddedNewsletters } from './embedded';
export { ListmonkNewsletters } from './listmonk';

/** The driver configuration picks: listmonk with NEWSLETTER_DRIVER=listmonk (config.ts checks its settings), else the embedded one. */
export function createNewsletterService(config: ServiceConfig, db: Database, linkKey: Buffer, logger: Logger): NewsletterService {
  const log = logger.child({ component: 'newsletter' });
  const { listmonk } = config.newsletter;
  if (config.newsletter.driver === 'listmonk' && listmonk) {
    return new ListmonkNewsletters({ ...listmonk, logger: log });
  }
  return new EmbeddedNewsletters({ db, sender: createEmailSender(config, log), from: config.email.from, publicUrl: config.publicUrl, linkKey, logger: log });
}
