/**
 * The gateway's route table: which service owns each public API path.
 *
 * Every call of the two call catalogues (`spec/storefront.md` §7 and `spec/dashboard.md` §7) is
 * mounted under `/api` and forwarded, path unchanged, to the service that owns it according to the
 * ownership table of ARCHITECTURE.md. This module only decides the owner; forwarding, auth and rate
 * limits live elsewhere in the gateway.
 *
 * How the catalogues were read (interpretations, so the next reader need not redo them):
 *
 * - Placeholders get concrete names: `{newsletter-service}` is `newsletter` (e.g.
 *   `GET /api/newsletter/GetListsStatus`) and `{desktop-platform}` is `steam` (e.g.
 *   `POST /api/steam/initTransaction/{id}`, `GET /api/payment/steam/initiateTransaction/{id}`),
 *   matching the `SteamRetrieveEncryptionEntry` / `SteamStoreEncryptionEntry` account calls.
 * - A path the spec writes without a leading slash (`account/SteamRetrieveEncryptionEntry`,
 *   `news/strips-article/{id}`, `url/getLongUrl/{code}`, `dashboard/users/{id}`, `{desktop-platform}/…`)
 *   is the same path with one.
 * - In a list the spec abbreviates, a path that starts with `/` after a full path continues that
 *   path's namespace: "POST /dashboard/product/new; /alter" is `/dashboard/product/alter`,
 *   "GET /dashboard/html-components; POST /new, /alter" is `/dashboard/html-components/new`,
 *   "/verified-identities" under the email provider is `/dashboard/email-provider/verified-identities`,
 *   "GET /db-templates/{id}" is `/dashboard/emailTemplates/db-templates/{id}`, "/products/add" under
 *   users is `/dashboard/users/products/add`, and so on.
 * - The dashboard catalogue says "all calls are under the dashboard API unless marked otherwise", so its
 *   Analytics, Reports and Search maintenance lists — written as `/analytics/…`, `/reports/…`,
 *   `/search/…` — are `/api/dashboard/analytics/…`, `/api/dashboard/reports/…` and
 *   `/api/dashboard/search/…`. (`/api/reports/…` therefore routes nowhere; `/api/analytics/…` and
 *   `/api/search/…` are the storefront's own namespaces and route to the same owners anyway.)
 * - Exception to the previous point: `POST /user/deletesubscriptionandcustomer`, listed under dashboard
 *   Users but written outside `/dashboard/users/`, is taken literally as `/api/user/…`, next to the
 *   storefront's `/api/user/canUpdatePaymentDetails/{id}`; both concern the payments customer → order.
 *
 * Matching:
 *
 * - A rule's pattern is a path below `/api`, segment by segment; `{name}` matches exactly one non-empty
 *   segment. A rule matches its own path and everything below it (segment-aware: `/cart` matches
 *   `/api/cart` and `/api/cart/7/empty`, never `/api/cartoon`).
 * - Segments compare case-insensitively (the spec writes `batchUnPublish`, `signupCustomerV2`,
 *   `ipTags`, `emailTemplates` …; clients are not consistent about case). The `/api` mount itself is
 *   matched exactly, lower case.
 * - Percent-encoded segments are decoded before comparing, so `/api/dashboard/users/%70roducts` goes
 *   where the owning service will understand it to go.
 * - The first matching rule wins and rules are ordered most specific first; compiling the table throws
 *   if a rule could never match because an earlier rule covers it.
 * - Paths the gateway must not guess about answer `undefined` (the gateway's 404): anything outside
 *   `/api/`, unknown namespaces, malformed percent-encoding, backslashes, and `.` / `..` segments
 *   (literal or encoded), which a normalising hop could resolve into a different path than the one
 *   routed.
 *
 * Cost per request: one Map lookup on the first segment and a scan of the few rules sharing it; no
 * regular expressions. Paths with no `.`, `%` or `\` never get split beyond the deepest rule.
 */
import { SERVICE_NAMES, type ServiceName } from '../../../platform/src/topology';

export interface RouteRule {
  /** Path below `/api`, e.g. `/dashboard/users/products` or `/comic/{id}/pages`. */
  readonly pattern: string;
  readonly service: ServiceName;
  /** Why this service owns it (ownership table wording or spec section). */
  readonly why: string;
}

/** The route table, most specific first. Exported for documentation (and the OpenAPI page). */
export const ROUTE_RULES: readonly RouteRule[] = Object.freeze([
  // ── Storefront catalogue (spec/storefront.md §7) ────────────────────────────────────────────
  // Account
  { pattern: '/account/instrumentation', service: 'reader', why: 'reading-session instrumentation' },
  { pattern: '/account', service: 'account', why: 'accounts, tokens, verification, password/email change, settings, desktop entry points' },
  { pattern: '/userbadge', service: 'account', why: 'badges' },
  { pattern: '/newsletter', service: 'account', why: 'newsletter preferences ({newsletter-service})' },
  { pattern: '/steam/initTransaction', service: 'order', why: 'desktop-platform micro-transactions pay a purchase through the purchase flow (docs/desktop.md)' },
  { pattern: '/steam/finalizeTransaction', service: 'order', why: 'desktop-platform micro-transactions pay a purchase through the purchase flow (docs/desktop.md)' },
  { pattern: '/steam', service: 'account', why: 'desktop-platform entry points ({desktop-platform})' },
  // Library
  { pattern: '/mycomics', service: 'reader', why: 'My Comics library and reading progress' },
  // Browse and content
  { pattern: '/home', service: 'catalog', why: 'home page' },
  { pattern: '/spotlight', service: 'catalog', why: 'home page curated lists' },
  { pattern: '/publisher', service: 'catalog', why: 'publishers and imprints' },
  { pattern: '/plan', service: 'catalog', why: 'subscription plans' },
  { pattern: '/discover', service: 'catalog', why: 'browse lists and /discover/v2 queries' },
  { pattern: '/product', service: 'catalog', why: 'products, release calendar' },
  { pattern: '/type', service: 'catalog', why: 'types' },
  { pattern: '/genre', service: 'catalog', why: 'genres' },
  { pattern: '/iptag', service: 'catalog', why: 'IP tags' },
  { pattern: '/series', service: 'catalog', why: 'series' },
  { pattern: '/comic/{id}/pages', service: 'reader', why: 'comic page sets' },
  { pattern: '/reader/pages', service: 'reader', why: 'signed page images the page sets link to (not a catalogue call)' },
  { pattern: '/comic', service: 'catalog', why: 'products (comic view of them)' },
  { pattern: '/news', service: 'catalog', why: 'news articles' },
  { pattern: '/search', service: 'catalog', why: 'search index and queries' },
  { pattern: '/url/getLongUrl', service: 'catalog', why: 'short links to catalogue pages' },
  // Cart and orders
  { pattern: '/cart', service: 'cart', why: 'carts and cart items' },
  { pattern: '/coupons', service: 'cart', why: 'coupons' },
  { pattern: '/purchase-request', service: 'order', why: 'purchase requests' },
  { pattern: '/verify-address', service: 'order', why: 'address verification' },
  { pattern: '/order', service: 'order', why: 'orders, payments, shipping, sales tax' },
  { pattern: '/payment', service: 'order', why: 'payments (incl. desktop-platform transactions)' },
  { pattern: '/user/canUpdatePaymentDetails', service: 'order', why: 'payments customer' },
  { pattern: '/user/deletesubscriptionandcustomer', service: 'order', why: 'payments customer (dashboard Users)' },
  // Analytics and forms
  { pattern: '/analytics', service: 'analytics', why: 'page-view, reader and cart event ingestion' },
  { pattern: '/submitted-form', service: 'support', why: 'submitted forms' },
  { pattern: '/email-events', service: 'support', why: 'the email provider\'s delivery, bounce and complaint notifications (SES through SNS)' },

  // ── Dashboard catalogue (spec/dashboard.md §7) ──────────────────────────────────────────────
  { pattern: '/dashboard/product', service: 'catalog', why: 'products' },
  { pattern: '/dashboard/series', service: 'catalog', why: 'series' },
  { pattern: '/dashboard/bundles', service: 'catalog', why: 'bundles' },
  { pattern: '/dashboard/sales', service: 'catalog', why: 'sales campaigns' },
  { pattern: '/dashboard/home', service: 'catalog', why: 'home page entries, restricted territories, price tiers, imprints' },
  { pattern: '/dashboard/homepage', service: 'catalog', why: 'home page top and messaging' },
  { pattern: '/dashboard/cache', service: 'catalog', why: 'cache invalidation' },
  { pattern: '/dashboard/carousels', service: 'catalog', why: 'home page carousels' },
  { pattern: '/dashboard/html-components', service: 'catalog', why: 'home page HTML components' },
  { pattern: '/dashboard/ipTags', service: 'catalog', why: 'IP tags' },
  { pattern: '/dashboard/creators', service: 'catalog', why: 'creators for the editors\' credit pickers (beyond the spec: issue 14)' },
  { pattern: '/dashboard/ims', service: 'catalog', why: 'catalogue lookups' },
  { pattern: '/dashboard/publisher', service: 'catalog', why: 'publishers' },
  { pattern: '/dashboard/search', service: 'catalog', why: 'search index maintenance' },
  { pattern: '/dashboard/ingest', service: 'reader', why: 'page sets ingested from uploaded files' },
  { pattern: '/dashboard/orders', service: 'order', why: 'staff order administration, order notes' },
  { pattern: '/dashboard/coupons', service: 'cart', why: 'coupon codes (beyond the spec: issue 12)' },
  { pattern: '/dashboard/users/products', service: 'reader', why: 'reading access: a user\'s library' },
  { pattern: '/dashboard/users/transactions', service: 'order', why: 'a user\'s payments' },
  { pattern: '/dashboard/users/paginated-orders', service: 'order', why: 'a user\'s orders' },
  { pattern: '/dashboard/users', service: 'account', why: 'staff user administration, roles, notes, user export' },
  { pattern: '/dashboard/badges', service: 'account', why: 'badges and their gift-code pools (beyond the spec: issue 26)' },
  { pattern: '/dashboard/plans', service: 'catalog', why: 'subscription plans behind /plan (beyond the spec: issue 26)' },
  { pattern: '/dashboard/emailTemplates', service: 'support', why: 'email templates' },
  { pattern: '/dashboard/email-provider', service: 'support', why: 'email-provider health' },
  { pattern: '/dashboard/scheduled-emails', service: 'support', why: 'scheduled emails' },
  { pattern: '/dashboard/sent-emails', service: 'support', why: 'sent emails' },
  { pattern: '/dashboard/support-tickets', service: 'support', why: 'support tickets' },
  { pattern: '/dashboard/analytics', service: 'analytics', why: 'metrics queries' },
  { pattern: '/dashboard/reports', service: 'analytics', why: 'spreadsheet reports' },

  // ── Operations console (beyond the spec: issue 21; contracts/src/dashboard-system.ts) ─────────
  // Every service answers its own status, dead letters and re-drives under its name.
  { pattern: '/dashboard/system/account', service: 'account', why: 'the account service\'s own health, outbox, consumers and dead letters' },
  { pattern: '/dashboard/system/catalog', service: 'catalog', why: 'the catalog service\'s own health, outbox, consumers and dead letters' },
  { pattern: '/dashboard/system/cart', service: 'cart', why: 'the cart service\'s own health, outbox, consumers and dead letters' },
  { pattern: '/dashboard/system/order', service: 'order', why: 'the order service\'s own health, outbox, consumers and dead letters, and the checkout sweeper\'s view' },
  { pattern: '/dashboard/system/reader', service: 'reader', why: 'the reader service\'s own health, outbox, consumers and dead letters' },
  { pattern: '/dashboard/system/analytics', service: 'analytics', why: 'the analytics service\'s own health, outbox, consumers and dead letters' },
  { pattern: '/dashboard/system/support', service: 'support', why: 'the support service\'s own health, outbox, consumers and dead letters' },
] satisfies RouteRule[]);

const API_PREFIX = '/api/';

/** `null` is a `{param}` segment. */
type CompiledSegments = readonly (string | null)[];

interface CompiledRule {
  readonly rule: RouteRule;
  /** Segments after the first (the first is the bucket key). */
  readonly rest: CompiledSegments;
}

export interface RouteTable {
  /** The rule that owns `path` (`/api/...`, query string allowed), or undefined. */
  match(path: string): RouteRule | undefined;
  /** The service that owns `path`, or undefined. */
  routeFor(path: string): ServiceName | undefined;
}

function compilePattern(rule: RouteRule): CompiledSegments {
  const { pattern } = rule;
  if (!pattern.startsWith('/') || pattern.endsWith('/') || pattern.includes('//') || pattern.includes('?')) {
    throw new Error(`route rule "${pattern}": write a path like "/a/b/{id}" with no trailing slash or query`);
  }
  if (!(SERVICE_NAMES as readonly string[]).includes(rule.service)) {
    throw new Error(`route rule "${pattern}": unknown service "${rule.service}"`);
  }
  return pattern
    .slice(1)
    .split('/')
    .map((segment) => (/^\{[^{}/]+\}$/.test(segment) ? null : segment.toLowerCase()));
}

/** True when `earlier` matches every path that `later` matches, so `later` could never be reached. */
function covers(earlier: CompiledSegments, later: CompiledSegments): boolean {
  if (earlier.length > later.length) return false;
  for (let i = 0; i < earlier.length; i++) {
    const e = earlier[i];
    if (e !== null && e !== later[i]) return false;
  }
  return true;
}

/**
 * Compiles an ordered rule list. Throws on a malformed pattern, an unknown service, a `{param}` as
 * the first segment, or a rule shadowed by an earlier one (which would mean the order is wrong).
 */
export function compileRouteTable(rules: readonly RouteRule[]): RouteTable {
  const buckets = new Map<string, CompiledRule[]>();
  const seen: { rule: RouteRule; segments: CompiledSegments }[] = [];
  let depth = 1;

  for (const rule of rules) {
    const segments = compilePattern(rule);
    const [first, ...rest] = segments;
    if (first === null || first === undefined) {
      throw new Error(`route rule "${rule.pattern}": the first segment must be a literal`);
    }
    const shadow = seen.find((s) => covers(s.segments, segments));
    if (shadow) {
      throw new Error(
        `route rule "${rule.pattern}" can never match: the earlier rule "${shadow.rule.pattern}" covers it ` +
          '(put more specific rules first)',
      );
    }
    seen.push({ rule, segments });
    depth = Math.max(depth, segments.length);
    let bucket = buckets.get(first);
    if (!bucket) buckets.set(first, (bucket = []));
    bucket.push({ rule, rest });
  }

  const maxDepth = depth;

  /** Lower-cased, decoded first `maxDepth` segments below `/api/`, or undefined for an unsafe path. */
  function segmentsOf(path: string): string[] | undefined {
    if (!path.startsWith(API_PREFIX)) return undefined;
    let end = path.indexOf('?');
    if (end === -1) end = path.length;
    const hash = path.indexOf('#');
    if (hash !== -1 && hash < end) end = hash;
    const rest = path.slice(API_PREFIX.length, end);
    if (rest.includes('\\')) return undefined;

    // Fast path: nothing to decode and no possible dot segment.
    if (!rest.includes('%') && !rest.includes('.')) {
      const segments = rest.split('/', maxDepth);
      for (let i = 0; i < segments.length; i++) segments[i] = segments[i]!.toLowerCase();
      return segments;
    }

    // Slow path: decode every segment, refuse dot segments anywhere in the path.
    const all = rest.split('/');
    const out: string[] = [];
    for (let i = 0; i < all.length; i++) {
      let segment = all[i]!;
      if (segment.includes('%')) {
        try {
          segment = decodeURIComponent(segment);
        } catch {
          return undefined;
        }
      }
      if (segment === '.' || segment === '..') return undefined;
      if (i < maxDepth) out.push(segment.toLowerCase());
    }
    return out;
  }

  function match(path: string): RouteRule | undefined {
    const segments = segmentsOf(path);
    if (!segments) return undefined;
    const bucket = buckets.get(segments[0]!);
    if (!bucket) return undefined;
    for (const { rule, rest } of bucket) {
      if (rest.length >= segments.length) continue; // path too short for this rule
      let ok = true;
      for (let i = 0; i < rest.length; i++) {
        const want = rest[i];
        const got = segments[i + 1]!;
        if (want === null ? got === '' : want !== got) {
          ok = false;
          break;
        }
      }
      if (ok) return rule;
    }
    return undefined;
  }

  return {
    match,
    routeFor: (path) => match(path)?.service,
  };
}

const table = compileRouteTable(ROUTE_RULES);

/** The rule that owns a request path (`/api/...`, with or without query string), or undefined. */
export function matchRoute(path: string): RouteRule | undefined {
  return table.match(path);
}

/** The service that owns a request path (`/api/...`, with or without query string), or undefined. */
export function routeFor(path: string): ServiceName | undefined {
  return table.match(path)?.service;
}
