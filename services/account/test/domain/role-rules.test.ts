import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { decideRoles, erasureLeavesNoAdmin, type RoleChange } from '../../src/domain/role-rules';

const change = (overrides: Partial<RoleChange>): RoleChange => ({ callerId: 'staff', targetId: 'target', currentRoles: [], newRoles: [], otherAdmins: 1, ...overrides });

describe('role rules', () => {
  it('accepts roles from the list, once each in the list order, and says what was added and removed', () => {
    const decision = decideRoles(change({ currentRoles: ['support'], newRoles: ['finance', 'admin', 'finance'] }));
    assert.deepEqual(decision, { ok: true, roles: ['admin', 'finance'], added: ['admin', 'finance'], removed: ['support'] });
    assert.deepEqual(decideRoles(change({ currentRoles: ['admin'], newRoles: ['admin'] })), { ok: true, roles: ['admin'], added: [], removed: [] });
    assert.deepEqual(decideRoles(change({ currentRoles: ['legacy'], newRoles: [] })), { ok: true, roles: [], added: [], removed: ['legacy'] });
  });

  it('refuses a role not in the list, naming it and the field', () => {
    for (const role of ['superuser', 'Admin', '', 'admin ']) {
      assert.deepEqual(decideRoles(change({ newRoles: ['support', role] })), {
        ok: false,
        status: 400,
        message: `Unknown role: ${role}. Roles are admin, support and finance.`,
        field: 'NewRoles',
      });
    }
  });

  it('refuses taking away your own admin role, even when other admins remain', () => {
    const decision = decideRoles(change({ callerId: 'me', targetId: 'me', currentRoles: ['admin'], newRoles: ['support'], otherAdmins: 5 }));
    assert.deepEqual(decision, { ok: false, status: 403, message: 'You cannot remove your own admin role.', field: 'NewRoles' });
    // Keeping it while changing the rest is fine.
    assert.equal(decideRoles(change({ callerId: 'me', targetId: 'me', currentRoles: ['admin'], newRoles: ['admin', 'finance'], otherAdmins: 0 })).ok, true);
  });

  it("refuses taking the last admin's admin role, and allows it while another admin remains", () => {
    assert.deepEqual(decideRoles(change({ currentRoles: ['admin'], newRoles: [], otherAdmins: 0 })), {
      ok: false,
      status: 409,
      message: 'This is the last admin: give another account the admin role first.',
      field: 'NewRoles',
    });
    assert.equal(decideRoles(change({ currentRoles: ['admin'], newRoles: [], otherAdmins: 1 })).ok, true);
    // A non-admin target is not an admin removal, whatever the count.
    assert.equal(decideRoles(change({ currentRoles: ['support'], newRoles: [], otherAdmins: 0 })).ok, true);
  });

  it('an erasure may not remove the last admin', () => {
    assert.equal(erasureLeavesNoAdmin(['admin'], 0), true);
    assert.equal(erasureLeavesNoAdmin(['admin'], 1), false);
    assert.equal(erasureLeavesNoAdmin(['support'], 0), false);
  });
});
