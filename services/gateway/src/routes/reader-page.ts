import { LRUCache } from 'lru-cache';
import type { App, GatewayConfig } from '@inkwell/platform';
import { notBuiltMessage } from '../domain/messages';
import { comicOfReaderPath, indexHtmlReader, readerDocument, DOCUMENT_SCRIPT_SOURCE, type ComicPages } from './reader-document';
import { contentSecurityPolicy, paymentPolicy } from './security-headers';

/** How long the reader's document keeps a comic's page list, and for how many comics. */
const READER_DOCUMENT_CACHE_MS = 30_000;
const READER_DOCUMENT_CACHE_ENTRIES = 1_000;

/**
 * `/reader/{comic}/`: the storefront's document with the comic's first page in it when a visitor may
 * read it without signing in (see reader-document.ts); otherwise the plain document, as any page.
 */
export async function serveReaderDocument(app: App, config: GatewayConfig, readerUrl: () => string): Promise<void> {
  const indexHtml = indexHtmlReader(config.webDist);
  const withFirstPage = contentSecurityPolicy({ ...paymentPolicy(config), scriptSources: [DOCUMENT_SCRIPT_SOURCE] });
  // The document is the same for every visitor of one comic from one country (it is asked for
  // without credentials, and its links are signed for an expiry bucket), so its page list is kept
  // briefly: far shorter than a link lives, and a change of the comic shows within that time.
  // Concurrent first requests share one call to the reader; a failed call is not kept.
  const pageLists = new LRUCache<string, { comic: ComicPages | null }, { requestId: string; ip: string; country: string | undefined; log: { warn(details: object, message: string): void } }>({
    max: READER_DOCUMENT_CACHE_ENTRIES,
    ttl: Math.min(READER_DOCUMENT_CACHE_MS, (config.media.urlTtlSeconds * 1000) / 4),
    fetchMethod: async (key, _stale, { context }) => {
      const idOrUrl = key.slice(key.indexOf('\n') + 1);
      try {
        const answer = await fetch(`${readerUrl()}/api/comic/${encodeURIComponent(idOrUrl)}/pages`, {
          headers: { 'x-request-id': context.requestId, 'x-forwarded-for': context.ip, ...(context.country ? { [config.geoCountryHeader]: context.country } : {}) },
          signal: AbortSignal.timeout(2000),
        });
        if (answer.ok) return { comic: ((await answer.json()) as { response: ComicPages }).response };
        // The reader's refusal (not readable without signing in, not there) is an answer; its failure is not.
        if (answer.status < 500) return { comic: null };
        context.log.warn({ status: answer.status }, 'reader page list for the document unavailable; sending the plain document');
      } catch (error) {
        context.log.warn({ err: error }, 'reader page list for the document unavailable; sending the plain document');
      }
      return undefined;
    },
  });
  app.get('/reader/*', { schema: { hide: true } }, async (request, reply) => {
    const html = await indexHtml();
    if (html === null) return reply.status(503).type('text/plain').send(notBuiltMessage('storefront'));
    const idOrUrl = comicOfReaderPath(request.url.split('?')[0] ?? '');
    const header = request.headers[config.geoCountryHeader];
    const country = typeof header === 'string' ? header.trim().toUpperCase() : undefined;
    const comic = idOrUrl ? ((await pageLists.fetch(`${country ?? ''}\n${idOrUrl}`, { context: { requestId: request.id, ip: request.ip, country, log: request.log } }))?.comic ?? null) : null;
    // The page list holds signed, expiring links: the document is never stored by browsers or proxies.
    reply.header('cache-control', 'no-store');
    if (!comic || !idOrUrl) return reply.type('text/html; charset=utf-8').send(html);
    return reply.header('content-security-policy', withFirstPage).type('text/html; charset=utf-8').send(readerDocument(html, idOrUrl, comic));
  });
}
