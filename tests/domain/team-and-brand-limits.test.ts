import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { hasLoginLeft, PLAN_TABLE } from '../../src/domain/plans';
import { EMPTY_BRAND, MAX_MENU_ITEMS } from '../../src/domain/brand';
import { BrandConfigBody } from '../../src/domain/schemas/brand';

// Limits the pages show and the server keeps: the team's logins and the brand's menu items.

describe('a team login left', () => {
  it('is there while fewer logins are used than the plan allows', () => {
    expect(hasLoginLeft(4, PLAN_TABLE.PRO.logins)).toBe(true);
    expect(hasLoginLeft(5, PLAN_TABLE.PRO.logins)).toBe(false);
    expect(hasLoginLeft(1, PLAN_TABLE.LITE.logins)).toBe(false);
  });
});

describe('the brand menu', () => {
  const menu = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`Link ${i + 1}`, `https://shop.example.in/${i + 1}`]));
  const body = (n: number) => ({
    ...EMPTY_BRAND,
    headerConfig: { ...EMPTY_BRAND.headerConfig, enabled: true, menuItemsMap: menu(n) },
  });

  it(`takes at most ${MAX_MENU_ITEMS} items, the number the editor offers`, () => {
    expect(MAX_MENU_ITEMS).toBe(8);
    expect(v.safeParse(BrandConfigBody, body(MAX_MENU_ITEMS)).success).toBe(true);
    const over = v.safeParse(BrandConfigBody, body(MAX_MENU_ITEMS + 1));
    expect(over.success).toBe(false);
    expect(over.issues?.[0].message).toBe('at most 8 menu items');
  });
});
