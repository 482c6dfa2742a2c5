/**
 * The gateway route table against every call of both call catalogues (spec/storefront.md §7 and
 * spec/dashboard.md §7), mounted under /api, with sample values in place of `{id}` and friends.
 * Abbreviated spec paths are written out in full as explained at the top of src/route-table.ts
 * (`{newsletter-service}` = newsletter, `{desktop-platform}` = steam, dashboard Analytics / Reports /
 * Search maintenance under /dashboard/…).
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { SERVICE_NAMES, type ServiceName } from '../../platform/src/topology';
import { ROUTE_RULES, compileRouteTable, matchRoute, routeFor, type RouteRule } from '../src/routes/route-table';
import { beyondSpecCalls, dashboardCalls, storefrontCalls, type Call } from './spec-calls';


function routesEach(calls: readonly Call[]): void {
  for (const [method, path, service] of calls) {
    it(`${method} ${path.split('?')[0]} → ${service}`, () => {
      assert.equal(routeFor(path), service, `${method} ${path}`);
    });
  }
}

/** Paths no catalogue lists but the services' own answers link to: the signed page images of a page list. */
const linkedCalls: readonly Call[] = [['GET', '/api/reader/pages/34/1/800.webp?exp=1700000000&sig=abc', 'reader']];


describe('storefront catalogue (spec/storefront.md §7)', () => routesEach(storefrontCalls));
describe('calls beyond the catalogues', () => routesEach(beyondSpecCalls));
describe('dashboard catalogue (spec/dashboard.md §7)', () => routesEach(dashboardCalls));
describe('paths the answers link to', () => routesEach(linkedCalls));

describe('catalogue coverage', () => {
  it('has no duplicate call in the tables', () => {
    const keys = [...storefrontCalls, ...dashboardCalls].map(([method, path]) => `${method} ${path}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('uses every rule for at least one catalogue call or linked path (no dead rules)', () => {
    const used = new Set<RouteRule>();
    for (const [, path] of [...storefrontCalls, ...dashboardCalls, ...linkedCalls, ...beyondSpecCalls]) {
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
