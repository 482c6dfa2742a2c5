/**
 * The gateway route table against every call of both call catalogues (spec/storefront.md §7 and
 * spec/dashboard.md §7), mounted under /api, with sample values in place of `{id}` and friends.
 * Abbreviated spec paths are written out in full as explained at the top of src/route-table.ts
 * (`{newsletter-service}` = newsletter, `{desktop-platform}` = steam, dashboard Analytics / Reports /
 * Search maintenance under /dashboard/…).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SERVICE_NAMES, type ServiceName } from '../../platform/src/topology';
import { ROUTE_RULES, compileRouteTable, matchRoute, routeFor, type RouteRule } from '../src/route-table';

type Call = readonly [method: string, path: string, service: ServiceName];

const storefrontCalls: readonly Call[] = [
  // Account
  ['POST', '/api/account/token', 'account'],
  ['GET', '/api/account', 'account'],
  ['GET', '/api/account/exists/jane.doe%40example.com', 'account'],
  ['POST', '/api/account/signupCustomer', 'account'],
  ['POST', '/api/account/signupCustomerV2', 'account'],
  ['POST', '/api/account/settings', 'account'],
  ['POST', '/api/account/settings/maxShownRating', 'account'],
  ['POST', '/api/account/changePassword/V2', 'account'],
  ['POST', '/api/account/forgotPassword?email=jane.doe%40example.com', 'account'],
  ['POST', '/api/account/changePassword?password=s3cret', 'account'],
  ['POST', '/api/account/initiateChangeEmail', 'account'],
  ['POST', '/api/account/completeChangeEmail', 'account'],
  ['POST', '/api/account/resendVerification', 'account'],
  ['GET', '/api/account/unsubscribe?platform=steam', 'account'],
  ['POST', '/api/account/renew-subscription?platform=steam', 'account'],
  ['POST', '/api/account/instrumentation', 'reader'],
  // Desktop only
  ['POST', '/api/account/SteamRetrieveEncryptionEntry?api-version=1.4', 'account'],
  ['POST', '/api/account/SteamStoreEncryptionEntry?api-version=1.4', 'account'],
  // Library
  ['GET', '/api/mycomics', 'reader'],
  ['GET', '/api/mycomics?withReadingProgress=false', 'reader'],
  ['GET', '/api/mycomics/processing', 'reader'],
  ['GET', '/api/mycomics/withReadingProgress', 'reader'],
  ['GET', '/api/mycomics/?onlyPurchased=true', 'reader'],
  ['POST', '/api/mycomics/101/202', 'reader'],
  ['PATCH', '/api/mycomics/remove/101/202', 'reader'],
  ['PATCH', '/api/mycomics/101', 'reader'],
  ['POST', '/api/mycomics/EmptyBookshelf', 'reader'],
  ['POST', '/api/mycomics/wipe-reading-history', 'reader'],
  ['POST', '/api/mycomics/updateReadingProgressForPublication', 'reader'],
  // Browse and content
  ['GET', '/api/home/V2', 'catalog'],
  ['GET', '/api/spotlight', 'catalog'],
  ['GET', '/api/publisher', 'catalog'],
  ['GET', '/api/plan', 'catalog'],
  ['GET', '/api/discover/carousel', 'catalog'],
  ['GET', '/api/discover/series', 'catalog'],
  ['GET', '/api/discover/42', 'catalog'],
  ['GET', '/api/discover/bundles/', 'catalog'],
  ['GET', '/api/discover/sortorder', 'catalog'],
  ['GET', '/api/product/getPlanned', 'catalog'],
  ['GET', '/api/product/ReleaseCalendar?filterBy=week', 'catalog'],
  ['GET', '/api/type', 'catalog'],
  ['GET', '/api/genre', 'catalog'],
  ['GET', '/api/iptag/', 'catalog'],
  ['GET', '/api/iptag/7', 'catalog'],
  [
    'GET',
    '/api/discover/v2?typeIds=1&sort=newest&genreIds=3&subCategory=all&includeSeries=true&widths=320&scheduleStatus=released' +
      '&newOnly=false&ageRatings=T&seriesStatus=ongoing&publishStatus=published&isOnSale=false&category=manga' +
      '&distributionType=digital&isFree=false&publisherId=5&isInUserLibrary=false&seriesTitleSearchTerm=moon&fromIndex=0&count=24',
    'catalog',
  ],
  ['GET', '/api/series/V2/12', 'catalog'],
  ['GET', '/api/comic/34', 'catalog'],
  ['GET', '/api/comic/34/pages', 'reader'],
  ['GET', '/api/comic/34/pages/7', 'reader'],
  ['GET', '/api/comic/forSeries/V3/12', 'catalog'],
  ['GET', '/api/comic/forBundle/56', 'catalog'],
  ['POST', '/api/comic/fetch-list', 'catalog'],
  ['GET', '/api/product/34', 'catalog'],
  ['GET', '/api/product/forSeries/12', 'catalog'],
  ['GET', '/api/product/moon-knight/3?widths=640&chapterNumber=2', 'catalog'],
  ['GET', '/api/news?pageType=home&maxItemCount=5&first=0&widths=320&sort=newest', 'catalog'],
  ['GET', '/api/news/strips-article/9', 'catalog'],
  ['GET', '/api/news/strips-article-preview/9', 'catalog'],
  ['GET', '/api/search/V3?query=moon%20knight&showSpotLightInfo=true&includeHighlights=true', 'catalog'],
  ['GET', '/api/search/suggestions/moon%20kn?field=series', 'catalog'],
  ['GET', '/api/url/getLongUrl/aB3xZ', 'catalog'],
  // Cart and orders
  ['GET', '/api/cart/6f1c2a4e-guest?couponCode=SPRING', 'cart'],
  ['PATCH', '/api/cart/6f1c2a4e-guest', 'cart'],
  ['PATCH', '/api/cart/6f1c2a4e-guest/empty', 'cart'],
  ['POST', '/api/purchase-request', 'order'],
  ['POST', '/api/verify-address?previousResponseId=av_1', 'order'],
  ['POST', '/api/order/purchase', 'order'],
  ['POST', '/api/order/purchase?platform=web', 'order'],
  ['POST', '/api/order/purchase-soft-confirmed', 'order'],
  ['POST', '/api/order/payment-soft-confirmed', 'order'],
  ['POST', '/api/order/purchase-failed', 'order'],
  ['GET', '/api/order/', 'order'],
  ['GET', '/api/order/88', 'order'],
  ['GET', '/api/order/purchaseFromPaymentIntent/pi_123', 'order'],
  ['GET', '/api/order/shippingCountries', 'order'],
  ['GET', '/api/order/shippingStates', 'order'],
  ['GET', '/api/order/shipping/getSalesTax/?CountryCode=US&AdministrativeArea=CA', 'order'],
  ['POST', '/api/coupons/claim', 'cart'],
  ['GET', '/api/user/canUpdatePaymentDetails/77', 'order'],
  // Badges
  ['GET', '/api/userbadge/get', 'account'],
  ['POST', '/api/userbadge/claim?badgeId=3', 'account'],
  ['GET', '/api/userbadge/has/ax?userId=77', 'account'],
  ['POST', '/api/userbadge/claim/ax', 'account'],
  // Newsletter ({newsletter-service} = newsletter)
  ['GET', '/api/newsletter/GetListsStatus?email=jane.doe%40example.com', 'account'],
  ['GET', '/api/newsletter/GetNewslettersStatus?email=jane.doe%40example.com', 'account'],
  ['GET', '/api/newsletter/UnsubscribeFromNewsletters?email=jane.doe%40example.com', 'account'],
  ['POST', '/api/newsletter/SubscribeToNewsletters', 'account'],
  // Desktop platform ({desktop-platform} = steam)
  ['GET', '/api/steam/hasValidSubscription/76561198000000000', 'account'],
  ['POST', '/api/steam/initTransaction/34', 'account'],
  ['POST', '/api/steam/finalizeTransaction/34?authSucceeded=true', 'account'],
  ['GET', '/api/payment/steam/initiateTransaction/34', 'order'],
  // Analytics and forms
  ['POST', '/api/analytics/sendEvent', 'analytics'],
  ['POST', '/api/analytics/sendReaderEvent', 'analytics'],
  ['POST', '/api/analytics/updateCart', 'analytics'],
  ['POST', '/api/submitted-form/submit', 'support'],
];

const dashboardCalls: readonly Call[] = [
  // Products
  [
    'GET',
    '/api/dashboard/product?query=moon&start=0&count=20&includeBundles=true&publishStatus=published&includeRemoved=false' +
      '&showOnlyOnSale=false&includeChapters=true&distributionType=digital',
    'catalog',
  ],
  ['GET', '/api/dashboard/product/for/series/12', 'catalog'],
  ['GET', '/api/dashboard/product/34', 'catalog'],
  ['POST', '/api/dashboard/product', 'catalog'],
  ['POST', '/api/dashboard/product/new', 'catalog'],
  ['POST', '/api/dashboard/product/alter', 'catalog'],
  ['POST', '/api/dashboard/product/remove?id=34', 'catalog'],
  ['POST', '/api/dashboard/product/publish?id=34', 'catalog'],
  ['POST', '/api/dashboard/product/unpublish?id=34', 'catalog'],
  ['POST', '/api/dashboard/product/publish?id=34&publishDate=2025-06-01T09:00:00.000Z&publishStatus=scheduled', 'catalog'],
  ['POST', '/api/dashboard/product/batchPublish?ids=34&ids=35&publishDate=2025-06-01T09:00:00.000Z&publishStatus=scheduled&api-version=4', 'catalog'],
  ['POST', '/api/dashboard/product/batchUnPublish?ids=34&ids=35&api-version=4', 'catalog'],
  ['POST', '/api/dashboard/product/34/iaps/add', 'catalog'],
  // Series and bundles
  ['GET', '/api/dashboard/series?query=moon&count=20&publishStatus=published', 'catalog'],
  ['GET', '/api/dashboard/series/12', 'catalog'],
  ['POST', '/api/dashboard/series', 'catalog'],
  ['POST', '/api/dashboard/series/new', 'catalog'],
  ['POST', '/api/dashboard/series/alter', 'catalog'],
  ['POST', '/api/dashboard/series/publish?id=12', 'catalog'],
  ['POST', '/api/dashboard/series/unpublish?id=12', 'catalog'],
  ['GET', '/api/dashboard/bundles?query=box&count=20', 'catalog'],
  ['GET', '/api/dashboard/bundles/56', 'catalog'],
  ['POST', '/api/dashboard/bundles/new', 'catalog'],
  ['POST', '/api/dashboard/bundles/alter', 'catalog'],
  ['POST', '/api/dashboard/bundles/publish?id=56', 'catalog'],
  ['POST', '/api/dashboard/bundles/unpublish?id=56', 'catalog'],
  ['POST', '/api/dashboard/bundles/remove?id=56', 'catalog'],
  ['POST', '/api/dashboard/bundles/56/iaps/add', 'catalog'],
  // Sales campaigns
  ['GET', '/api/dashboard/sales/?fromIndex=0&count=20&search=spring', 'catalog'],
  ['GET', '/api/dashboard/sales/getCampaignById/3', 'catalog'],
  ['GET', '/api/dashboard/sales/exportAsExcel/3', 'catalog'],
  ['GET', '/api/dashboard/sales/getSeriesInfo/12', 'catalog'],
  ['POST', '/api/dashboard/sales/create', 'catalog'],
  ['POST', '/api/dashboard/sales/alter', 'catalog'],
  ['POST', '/api/dashboard/sales/publish/3', 'catalog'],
  ['POST', '/api/dashboard/sales/unpublish/3', 'catalog'],
  ['POST', '/api/dashboard/sales/ValidateFromCsv', 'catalog'],
  ['POST', '/api/dashboard/sales/CreateFromCsv', 'catalog'],
  // Home page
  ['GET', '/api/dashboard/home/entry', 'catalog'],
  ['POST', '/api/dashboard/home/entry/alter', 'catalog'],
  ['POST', '/api/dashboard/home/entry/remove?id=4', 'catalog'],
  ['POST', '/api/dashboard/home/entry/publish?id=4', 'catalog'],
  ['POST', '/api/dashboard/home/entry/unpublish?id=4', 'catalog'],
  ['POST', '/api/dashboard/home/entry/reOrder', 'catalog'],
  ['POST', '/api/dashboard/home/entry/new', 'catalog'],
  ['POST', '/api/dashboard/homepage/top?typeId=2', 'catalog'],
  ['POST', '/api/dashboard/homepage/messaging/set', 'catalog'],
  ['GET', '/api/dashboard/home/restrictedTerritories', 'catalog'],
  ['GET', '/api/dashboard/home/pricing/tiers', 'catalog'],
  ['GET', '/api/dashboard/home/imprints', 'catalog'],
  ['POST', '/api/dashboard/cache/invalidateAll', 'catalog'],
  ['GET', '/api/dashboard/carousels', 'catalog'],
  ['POST', '/api/dashboard/carousels/new', 'catalog'],
  ['POST', '/api/dashboard/carousels/alter', 'catalog'],
  ['POST', '/api/dashboard/carousels/remove?id=8', 'catalog'],
  ['GET', '/api/dashboard/html-components', 'catalog'],
  ['POST', '/api/dashboard/html-components/new', 'catalog'],
  ['POST', '/api/dashboard/html-components/alter', 'catalog'],
  // Lookups
  ['GET', '/api/dashboard/ipTags?query=moon', 'catalog'],
  ['GET', '/api/dashboard/ims?query=moon', 'catalog'],
  ['GET', '/api/dashboard/ims/21', 'catalog'],
  ['GET', '/api/dashboard/ingest/encode/34?forceReEncode=true&masterRecord=true', 'reader'],
  // Orders
  [
    'GET',
    '/api/dashboard/orders?filterStatus=paid&filterFromDate=2025-01-01T00:00:00.000Z&filterTagIds=1&start=0&count=20&searchText=jane',
    'order',
  ],
  ['POST', '/api/dashboard/orders/addCustomNote', 'order'],
  ['GET', '/api/dashboard/orders/shipping/getAccountInfo', 'order'],
  // Users
  ['POST', '/api/dashboard/users/post-pagination', 'account'],
  ['GET', '/api/dashboard/users?query=jane', 'account'],
  ['GET', '/api/dashboard/users/auth0%7C5f2b', 'account'],
  ['GET', '/api/dashboard/users/products?userId=77', 'reader'],
  ['POST', '/api/dashboard/users/alter/77', 'account'],
  ['POST', '/api/dashboard/users/delete/77', 'account'],
  ['POST', '/api/user/deletesubscriptionandcustomer', 'order'],
  ['POST', '/api/dashboard/users/products/compAdd', 'reader'],
  ['POST', '/api/dashboard/users/products/add', 'reader'],
  ['POST', '/api/dashboard/users/products/delete/901', 'reader'],
  ['GET', '/api/dashboard/users/transactions/77', 'order'],
  ['POST', '/api/dashboard/users/paginated-orders?userId=77', 'order'],
  ['POST', '/api/dashboard/users/addCustomNote', 'account'],
  ['POST', '/api/dashboard/users/unsubscribe?pending=true&userId=77', 'account'],
  ['POST', '/api/dashboard/users/SetRoles', 'account'],
  ['POST', '/api/dashboard/users/user-export/start', 'account'],
  ['GET', '/api/dashboard/users/user-export', 'account'],
  ['GET', '/api/dashboard/users/user-export/15', 'account'],
  // Publishers
  ['POST', '/api/dashboard/publisher/post-pagination', 'catalog'],
  ['POST', '/api/dashboard/publisher/new', 'catalog'],
  ['POST', '/api/dashboard/publisher/alter', 'catalog'],
  ['POST', '/api/dashboard/publisher/remove?id=5', 'catalog'],
  ['POST', '/api/dashboard/publisher/batch-visibility?hidden=true', 'catalog'],
  // Email templates
  ['POST', '/api/dashboard/emailTemplates/db-templates', 'support'],
  ['GET', '/api/dashboard/emailTemplates/db-templates/11', 'support'],
  ['POST', '/api/dashboard/emailTemplates/db-templates/11/alter', 'support'],
  ['POST', '/api/dashboard/emailTemplates/db-templates/11/test-email', 'support'],
  ['GET', '/api/dashboard/emailTemplates/auth-templates', 'support'],
  ['GET', '/api/dashboard/emailTemplates/auth-templates/verify-email', 'support'],
  // Email provider and delivery
  ['GET', '/api/dashboard/email-provider/send-quota', 'support'],
  ['GET', '/api/dashboard/email-provider/send-statistics', 'support'],
  ['GET', '/api/dashboard/email-provider/reputation-metrics', 'support'],
  ['POST', '/api/dashboard/email-provider/verified-identities', 'support'],
  ['POST', '/api/dashboard/email-provider/verify-email/ops%40inkwell.example', 'support'],
  ['POST', '/api/dashboard/email-provider/delete-identity/ops%40inkwell.example', 'support'],
  ['POST', '/api/dashboard/scheduled-emails/post-pagination', 'support'],
  ['GET', '/api/dashboard/scheduled-emails/budgets', 'support'],
  ['GET', '/api/dashboard/scheduled-emails/metrics', 'support'],
  ['POST', '/api/dashboard/sent-emails/post-pagination', 'support'],
  ['POST', '/api/dashboard/sent-emails/metrics', 'support'],
  // Support tickets
  ['POST', '/api/dashboard/support-tickets/post-pagination', 'support'],
  ['GET', '/api/dashboard/support-tickets/get/31', 'support'],
  ['GET', '/api/dashboard/support-tickets/tags', 'support'],
  ['GET', '/api/dashboard/support-tickets/assignable-users', 'support'],
  ['GET', '/api/dashboard/support-tickets/raw-message/31', 'support'],
  ['POST', '/api/dashboard/support-tickets/tags/add-or-update', 'support'],
  ['POST', '/api/dashboard/support-tickets/tags/delete/2', 'support'],
  ['POST', '/api/dashboard/support-tickets/bulk-edit', 'support'],
  ['POST', '/api/dashboard/support-tickets/send-email', 'support'],
  ['POST', '/api/dashboard/support-tickets/retry-send-email/31', 'support'],
  // Analytics (all GET, start, end, optional timespan)
  ['GET', '/api/dashboard/analytics/getOrderData?start=2025-01-01&end=2025-02-01&timespan=daily', 'analytics'],
  ['GET', '/api/dashboard/analytics/getCartData?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/getPageMetrics/V2?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/getEventMetrics?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/getStoreLinkMetrics?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/getStoreLinkMetricsByTimespan?start=2025-01-01&end=2025-02-01&timespan=monthly', 'analytics'],
  ['GET', '/api/dashboard/analytics/getPageViewMetrics?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/newUserSignups?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/orderMetrics?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/uniqueLoggedInCustomers?start=2025-01-01&end=2025-02-01', 'analytics'],
  ['GET', '/api/dashboard/analytics/topSellingProducts?start=2025-01-01&end=2025-02-01&maxItems=500', 'analytics'],
  // Reports
  ['GET', '/api/dashboard/reports/asExcelFile', 'analytics'],
  ['POST', '/api/dashboard/reports/asExcelFileSendEmail?emails=a%40inkwell.example&emails=b%40inkwell.example', 'analytics'],
  // Search maintenance
  ['GET', '/api/dashboard/search/getOrphans', 'catalog'],
  ['GET', '/api/dashboard/search/getActiveNotUploaded', 'catalog'],
  ['POST', '/api/dashboard/search/removeInactiveFromSearch', 'catalog'],
  ['POST', '/api/dashboard/search/uploadAllToSearch', 'catalog'],
];

function routesEach(calls: readonly Call[]): void {
  for (const [method, path, service] of calls) {
    it(`${method} ${path.split('?')[0]} → ${service}`, () => {
      assert.equal(routeFor(path), service, `${method} ${path}`);
    });
  }
}

describe('storefront catalogue (spec/storefront.md §7)', () => routesEach(storefrontCalls));
describe('dashboard catalogue (spec/dashboard.md §7)', () => routesEach(dashboardCalls));

describe('catalogue coverage', () => {
  it('has no duplicate call in the tables', () => {
    const keys = [...storefrontCalls, ...dashboardCalls].map(([method, path]) => `${method} ${path}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('uses every rule for at least one catalogue call (no dead rules)', () => {
    const used = new Set<RouteRule>();
    for (const [, path] of [...storefrontCalls, ...dashboardCalls]) {
      const rule = matchRoute(path);
      if (rule) used.add(rule);
    }
    const unused = ROUTE_RULES.filter((rule) => !used.has(rule)).map((rule) => rule.pattern);
    assert.deepEqual(unused, []);
  });

  it('routes to every service and to nothing else', () => {
    const owners = new Set(ROUTE_RULES.map((rule) => rule.service));
    assert.deepEqual([...owners].sort(), [...SERVICE_NAMES].sort());
  });
});

describe('matching', () => {
  const cases: readonly [path: string, expected: ServiceName | undefined, why: string][] = [
    ['/api/dashboard/product/batchunpublish', 'catalog', 'lower case of batchUnPublish'],
    ['/api/DASHBOARD/PRODUCT/BATCHUNPUBLISH?ids=1', 'catalog', 'upper case'],
    ['/api/Dashboard/Users/Products/Add', 'reader', 'mixed case keeps the specific rule'],
    ['/api/Account/Instrumentation', 'reader', 'mixed case keeps the specific rule'],
    ['/api/COMIC/34/PAGES/2', 'reader', 'mixed case pattern rule'],
    ['/api/dashboard/IPTAGS', 'catalog', 'ipTags in another case'],
    ['/api/cart/abc?x=/api/order', 'cart', 'query string is not part of the path'],
    ['/api/cart/abc#order', 'cart', 'fragment is not part of the path'],
    ['/api/cart/', 'cart', 'trailing slash'],
    ['/api/cart//empty', 'cart', 'empty segment below the deciding prefix is the service\'s business'],
    ['/api/account/instrumentation/', 'reader', 'trailing slash on the specific rule'],
    ['/api/account/instrumentationLog', 'account', 'specific rule is segment-aware'],
    ['/api/comic/34/pagesX', 'catalog', 'pattern rule is segment-aware'],
    ['/api/comic//pages', 'catalog', 'an empty segment is not an {id}'],
    ['/api/dashboard/users/productsX/add', 'account', 'users/products is segment-aware'],
    ['/api/dashboard/users/%70roducts/add', 'reader', 'percent-encoded segments are decoded before matching'],
    ['/api/dashboard/users/transactions', 'order', 'prefix rule matches its own path exactly'],
    ['/api/analytics/getOrderData', 'analytics', 'storefront analytics namespace has the same owner'],
    ['/api/search/getOrphans', 'catalog', 'storefront search namespace has the same owner'],
    ['/api/search/suggestions/.hack', 'catalog', 'a dot that is not a dot segment is fine'],
  ];
  for (const [path, expected, why] of cases) {
    it(`${path} → ${expected ?? 'undefined'} (${why})`, () => {
      assert.equal(routeFor(path), expected);
    });
  }
});

describe('paths outside every catalogue', () => {
  const outside: readonly [path: string, why: string][] = [
    ['/api/unknown', 'unknown namespace'],
    ['/api/cartoon', 'prefix of a word is not a segment'],
    ['/api/carts/1', 'prefix of a word is not a segment'],
    ['/api/accounting', 'prefix of a word is not a segment'],
    ['/api/mycomicsX', 'prefix of a word is not a segment'],
    ['/api/dashboard/productX', 'prefix of a word is not a segment'],
    ['/api/dashboard/users-export', 'prefix of a word is not a segment'],
    ['/api/', 'nothing below /api'],
    ['/api/?to=cart', 'nothing below /api'],
    ['/api', 'no trailing slash, nothing below /api'],
    ['', 'empty path'],
    ['/', 'storefront root is not the API'],
    ['/cart/1', 'no /api mount'],
    ['/account/token', 'no /api mount'],
    ['/dashboard/product', 'dashboard frontend, not the API'],
    ['/apix/cart', '/api must be a whole segment'],
    ['/API/cart/1', 'the /api mount is matched exactly'],
    ['api/cart/1', 'no leading slash'],
    ['/api//cart', 'empty first segment'],
    ['/api/docs', 'OpenAPI document is served by the gateway itself'],
    ['/api/dashboard', 'no dashboard catalogue call at the bare prefix'],
    ['/api/dashboard/unknown', 'unknown dashboard namespace'],
    ['/api/reports/asExcelFile', 'dashboard reports live under /api/dashboard/reports'],
    ['/api/user', 'only two /user calls are in the catalogues'],
    ['/api/user/profile', 'only two /user calls are in the catalogues'],
    ['/api/url/shorten', 'only url/getLongUrl is in the catalogues'],
    ['/api/newsletter-service/GetListsStatus', 'the placeholder is named newsletter'],
    ['/api/desktop-platform/initTransaction/34', 'the placeholder is named steam'],
    ['/api/cart/../dashboard/users', 'dot segments are refused'],
    ['/api/./cart', 'dot segments are refused'],
    ['/api/cart/%2e%2E/dashboard/users', 'encoded dot segments are refused'],
    ['/api/cart\\..\\dashboard', 'backslashes are refused'],
    ['/api/cart/%E0%A4%A', 'malformed percent-encoding is refused'],
  ];
  for (const [path, why] of outside) {
    it(`${JSON.stringify(path)} → undefined (${why})`, () => {
      assert.equal(routeFor(path), undefined);
    });
  }
});

describe('compileRouteTable', () => {
  it('refuses a rule shadowed by an earlier, broader one', () => {
    assert.throws(
      () =>
        compileRouteTable([
          { pattern: '/account', service: 'account', why: '' },
          { pattern: '/account/instrumentation', service: 'reader', why: '' },
        ]),
      /can never match/,
    );
    assert.throws(
      () =>
        compileRouteTable([
          { pattern: '/comic/{id}', service: 'catalog', why: '' },
          { pattern: '/comic/7/pages', service: 'reader', why: '' },
        ]),
      /can never match/,
    );
    assert.throws(
      () =>
        compileRouteTable([
          { pattern: '/Cart', service: 'cart', why: '' },
          { pattern: '/cart', service: 'order', why: '' },
        ]),
      /can never match/,
    );
  });

  it('accepts the specific-first order and applies it', () => {
    const table = compileRouteTable([
      { pattern: '/comic/{id}/pages', service: 'reader', why: '' },
      { pattern: '/comic', service: 'catalog', why: '' },
    ]);
    assert.equal(table.routeFor('/api/comic/1/pages/2'), 'reader');
    assert.equal(table.routeFor('/api/comic/1'), 'catalog');
    assert.equal(table.routeFor('/api/cart/1'), undefined);
  });

  it('refuses malformed rules', () => {
    const bad: RouteRule[] = [
      { pattern: 'cart', service: 'cart', why: 'no leading slash' },
      { pattern: '/cart/', service: 'cart', why: 'trailing slash' },
      { pattern: '/cart//x', service: 'cart', why: 'empty segment' },
      { pattern: '/cart?x=1', service: 'cart', why: 'query' },
      { pattern: '/{ns}/x', service: 'cart', why: 'parameter first' },
      { pattern: '/cart', service: 'gateway' as ServiceName, why: 'unknown service' },
    ];
    for (const rule of bad) {
      assert.throws(() => compileRouteTable([rule]), Error, rule.why);
    }
  });

  it('compiles the shipped table (order is consistent)', () => {
    assert.doesNotThrow(() => compileRouteTable(ROUTE_RULES));
  });
});
