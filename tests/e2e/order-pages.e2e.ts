import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { refreshesSettled } from './session-refreshes';
import { apiCaller, apiToken, DEMO, loginAs, newPage, VIEWPORTS, watchErrors, appStage } from './support';

// The route walk's order page for every order the demo start seeded, for both demo sellers: each
// opens inside the seller shell (the menu there), with its heading, no error card and no console
// error. The delivered COD orders of the demo once blanked the whole app (their pickup was empty).

const stage = appStage();

/** Every order of the seller's list (not archived), page by page. */
async function allOrders(who: { email: string; password: string }): Promise<OrderRow[]> {
  const api = apiCaller(stage.url, await apiToken(stage.url, who));
  const orders: OrderRow[] = [];
  for (let page = 0; ; page++) {
    const { items } = await api<{ items: OrderRow[] }>(
      `${API_ORDERS.orders.path}?recordsPerPage=100&pageNumber=${page}`,
    );
    orders.push(...items);
    if (items.length < 100) return orders;
  }
}

test('every seeded order page of the demo sellers opens in its shell: no blank page, no error card, no console error', async () => {
  const problems: string[] = [];
  let opened = 0;
  for (const who of [DEMO.seller2, DEMO.seller]) {
    const orders = await allOrders(who);
    assert.ok(orders.length > 0, `${who.email} has seeded orders`);
    const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, who);
    for (const o of orders) {
      const where = `${who.email} /orders/${o.orderId} (${o.orderNumber})`;
      await refreshesSettled(page);
      await page.goto(`${stage.url}/orders/${o.orderId}`);
      const shown = await page
        .getByRole('heading', { name: `Order ${o.orderNumber}`, exact: true })
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) problems.push(`${where}: no order heading`);
      if (!(await page.getByRole('navigation', { name: 'Main' }).isVisible())) problems.push(`${where}: no menu`);
      const cards = await page.locator('.error-card').allTextContents();
      if (cards.length) problems.push(`${where}: error card ${cards.join(' | ')}`);
      problems.push(...errors.splice(0).map((e) => `${where}: console error ${e}`));
      opened++;
    }
    await context.close();
  }
  console.log(`order pages opened: ${opened}`);
  assert.deepEqual(problems, []);
});
