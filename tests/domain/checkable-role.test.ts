import { describe, expect, it } from 'vitest';
import { checkableRole, mayUse } from '../../src/domain/permissions';

describe('checkableRole: whose permissions a page checks while the account loads', () => {
  const account = { role: 'USER', permissions: ['orders.view'] };

  it('is the account once read, whatever the token says', () => {
    expect(checkableRole(account, { role: 'OWNER' })).toBe(account);
  });

  it("is an owner's token before the account: the owner may open every page", () => {
    const who = checkableRole(null, { role: 'OWNER' })!;
    expect(mayUse(who.role, who.permissions, 'wallet.view')).toBe(true);
  });

  it('is unknown for any other role, or without a token, until the account arrives', () => {
    for (const role of ['USER', 'SELLER', 'LOCKED_OWNER', 'DAKIYA']) expect(checkableRole(null, { role })).toBeNull();
    expect(checkableRole(null, null)).toBeNull();
  });
});
