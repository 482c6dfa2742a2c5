import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { entitlementFacts, liveEntitlements, ownedProducts, type AccountLedger, type EntitlementEvent } from '../../src/domain';

const price = { cents: 799, currency: 'USD' };
const item = (productId: string, distributionType = 'Digital', variantId = `v${productId}`) => ({ productId, variantId, distributionType, quantity: 1, price });
const completed = (orderId: string, userId: string | undefined, items: ReturnType<typeof item>[]): EntitlementEvent => ({
  type: 'order.completed',
  data: { orderId, ...(userId === undefined ? {} : { userId }), total: price, items },
});
const refunded = (orderId: string, productIds: string[]): EntitlementEvent => ({ type: 'order.refunded', data: { orderId, userId: 'u1', amount: price, productIds } });

describe('entitlementFacts', () => {
  const cases: Array<[string, EntitlementEvent, ReturnType<typeof entitlementFacts>]> = [
    [
      'a completed order: its digital items, each once',
      completed('o1', 'u1', [item('10'), item('11', 'Print'), item('10', 'Digital', 'v-other'), item('12')]),
      [
        { kind: 'purchased', userId: 'u1', orderId: 'o1', productId: '10', variantId: 'v10' },
        { kind: 'purchased', userId: 'u1', orderId: 'o1', productId: '12', variantId: 'v12' },
      ],
    ],
    ['print copies only: nothing to read', completed('o1', 'u1', [item('11', 'Print')]), []],
    ["a guest's order: no account to grant", completed('o1', undefined, [item('10')]), []],
    ['an item whose id is not a catalog id is skipped', completed('o1', 'u1', [item('x1'), item('13')]), [{ kind: 'purchased', userId: 'u1', orderId: 'o1', productId: '13', variantId: 'v13' }]],
    ['a refund: each refunded product of the order, once', refunded('o1', ['10', '10', '12', 'bad']), [
      { kind: 'refunded', orderId: 'o1', productId: '10' },
      { kind: 'refunded', orderId: 'o1', productId: '12' },
    ]],
    ['a refund of money alone takes nothing', refunded('o1', []), []],
    ['a deleted account', { type: 'account.deleted', data: { userId: 'u1' } }, [{ kind: 'account-deleted', userId: 'u1' }]],
  ];
  for (const [name, event, facts] of cases) it(name, () => assert.deepEqual(entitlementFacts(event), facts));
});

describe('ownedProducts', () => {
  const buy = (orderId: string, productId: string) => ({ orderId, productId });
  const grant = (grantId: string, productId: string, removed = false) => ({ grantId, productId, removed });
  const cases: Array<[string, AccountLedger, string[]]> = [
    ['nothing bought', { purchases: [], refunds: [], deleted: false }, []],
    ['what was bought', { purchases: [buy('o1', '10'), buy('o1', '12')], refunds: [], deleted: false }, ['10', '12']],
    ['less what was refunded', { purchases: [buy('o1', '10'), buy('o1', '12')], refunds: [buy('o1', '12')], deleted: false }, ['10']],
    ['a refund recorded before its order still counts', { purchases: [buy('o2', '10')], refunds: [buy('o2', '10')], deleted: false }, []],
    ['a refund of one order keeps a copy bought in another', { purchases: [buy('o1', '10'), buy('o2', '10')], refunds: [buy('o1', '10')], deleted: false }, ['10']],
    ['a refund of another product of the order takes nothing else', { purchases: [buy('o1', '10')], refunds: [buy('o1', '11'), buy('o9', '10')], deleted: false }, ['10']],
    ['nothing once the account is deleted', { purchases: [buy('o1', '10')], refunds: [], deleted: true }, []],
    ['what staff granted', { purchases: [], refunds: [], grants: [grant('g1', '20')], deleted: false }, ['20']],
    ['less grants staff removed', { purchases: [], refunds: [], grants: [grant('g1', '20', true), grant('g2', '21')], deleted: false }, ['21']],
    ['a grant removed and granted again', { purchases: [], refunds: [], grants: [grant('g1', '20', true), grant('g2', '20')], deleted: false }, ['20']],
    ['less purchases staff removed', { purchases: [buy('o1', '10'), buy('o1', '12')], refunds: [], removals: [buy('o1', '12')], deleted: false }, ['10']],
    ['a removal of one order keeps a copy bought in another', { purchases: [buy('o1', '10'), buy('o2', '10')], refunds: [], removals: [buy('o1', '10')], deleted: false }, ['10']],
    ['a removed purchase is still owned through a grant', { purchases: [buy('o1', '10')], refunds: [buy('o1', '10')], removals: [], grants: [grant('g1', '10')], deleted: false }, ['10']],
    ['a removal recorded before its order still counts', { purchases: [buy('o3', '10')], refunds: [], removals: [buy('o3', '10')], deleted: false }, []],
    ['no grant once the account is deleted', { purchases: [], refunds: [], grants: [grant('g1', '20')], deleted: true }, []],
  ];
  for (const [name, ledger, owned] of cases) it(name, () => assert.deepEqual([...ownedProducts(ledger)].sort(), owned));
});

describe('liveEntitlements', () => {
  it('lists each live purchase and grant with what the caller keeps of it, leaving out refunded, removed and removed grants', () => {
    const live = liveEntitlements({
      purchases: [
        { orderId: 'o1', productId: '10', at: 1 },
        { orderId: 'o2', productId: '10', at: 2 },
        { orderId: 'o2', productId: '11', at: 3 },
        { orderId: 'o3', productId: '12', at: 4 },
      ],
      refunds: [{ orderId: 'o1', productId: '10' }],
      removals: [{ orderId: 'o3', productId: '12' }],
      grants: [
        { grantId: 'g1', productId: '30', removed: false, by: 'staff-1' },
        { grantId: 'g2', productId: '31', removed: true, by: 'staff-2' },
      ],
      deleted: false,
    });
    assert.deepEqual(live, {
      purchases: [
        { orderId: 'o2', productId: '10', at: 2 },
        { orderId: 'o2', productId: '11', at: 3 },
      ],
      grants: [{ grantId: 'g1', productId: '30', removed: false, by: 'staff-1' }],
    });
  });

  it('lists nothing for a deleted account', () => {
    assert.deepEqual(liveEntitlements({ purchases: [{ orderId: 'o1', productId: '10' }], refunds: [], grants: [{ grantId: 'g1', productId: '30', removed: false }], deleted: true }), { purchases: [], grants: [] });
  });
});
