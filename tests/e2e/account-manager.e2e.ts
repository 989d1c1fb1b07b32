import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkAccessibility,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// Key account managers: Meera (Pro) finds hers under Help; an admin names another on Meera's
// account page (only staff who answer tickets are offered); Meera's help page names the
// new one after a reload, and her next ticket lands with them. Aarav (Lite) is told where one comes
// with. At 1280 px and at 375 px.

const stage = appStage();

const STEPS = [
  { viewport: VIEWPORTS.desktop, tag: 'desktop', manager: 'Arjun Pillai', email: 'operations@dakiya.in' },
  { viewport: VIEWPORTS.phone, tag: 'phone', manager: 'Ritu Das', email: 'support@dakiya.in' },
] as const;

for (const step of STEPS) {
  test(`a seller's key account manager at ${step.viewport.width} px`, async () => {
    // the Lite seller: no manager, and where one comes with
    const lite = await newPage(stage.browser, step.viewport);
    await loginAs(lite.page, stage.url, DEMO.seller, '/help');
    const liteNote = lite.page.getByRole('region', { name: 'Your key account manager' });
    await liteNote.getByText('Pro and Premium come with a key account manager').waitFor();
    await liteNote.getByRole('link', { name: 'See plans' }).click();
    await lite.page.waitForURL(/\/plan$/);
    await lite.context.close();

    // the admin names another manager on Meera's account page
    const adm = await newPage(stage.browser, step.viewport);
    const admProblems = watchErrors(adm.page);
    await staffLoginAs(adm.page, stage.url);
    await adm.page.goto(`${stage.url}/dakiya/accounts`);
    const search = adm.page.getByLabel('Search by name, email, phone or company');
    await search.fill(DEMO.seller2.email);
    await search.press('Enter');
    await adm.page.getByRole('link', { name: 'Meera Iyer' }).click();
    await adm.page.waitForURL(/\/dakiya\/accounts\/\d+$/);
    const card = adm.page.getByRole('region', { name: 'Key account manager' });
    const form = card.getByRole('form', { name: 'Key account manager' });
    const select = form.getByLabel('Key account manager');
    await select.locator('option', { hasText: step.email }).waitFor({ state: 'attached' });
    // only staff who answer tickets are offered: not finance
    assert.equal(await select.locator('option', { hasText: 'finance@dakiya.in' }).count(), 0);
    // sent without a reason, the form names it
    await form.getByRole('button', { name: 'Save manager' }).click();
    await form.getByText('Reason must be 5 to 300 characters').waitFor();
    await select.selectOption({ label: `${step.manager} (${step.email})` });
    await form.getByLabel('Reason').fill(`Account review at ${step.viewport.width} px`);
    await form.getByRole('button', { name: 'Save manager' }).click();
    await card.getByText(step.email, { exact: true }).waitFor();
    assert.ok(await fitsWidth(adm.page), `the account page fits ${step.viewport.width} px`);
    await checkAccessibility(adm.page, `account-manager-staff-${step.tag}`);
    await screenshot(adm.page, `account-manager-staff-${step.tag}`);
    assert.deepEqual(admProblems, []);

    // Meera sees the manager under Help, after a reload too, and her ticket lands with them
    const sel = await newPage(stage.browser, step.viewport);
    const selProblems = watchErrors(sel.page);
    await loginAs(sel.page, stage.url, DEMO.seller2, '/help');
    const note = sel.page.getByRole('region', { name: 'Your key account manager' });
    await note.getByText(step.manager).waitFor();
    await sel.page.reload();
    await note.getByRole('link', { name: step.email }).waitFor();
    assert.ok(await fitsWidth(sel.page), `the help page fits ${step.viewport.width} px`);
    await checkAccessibility(sel.page, `account-manager-help-${step.tag}`);
    await screenshot(sel.page, `account-manager-help-${step.tag}`);
    const ticket = sel.page.getByRole('form', { name: 'New ticket' });
    await ticket.getByLabel('Category').selectOption('OTHER');
    const subject = `Invoice copy at ${step.viewport.width} px`;
    await ticket.getByLabel('Subject').fill(subject);
    await ticket.getByLabel('Description').fill('Please send a copy of last month’s GST invoice.');
    await ticket.getByRole('button', { name: 'Raise ticket' }).click();
    await sel.page.waitForURL(/\/help\/tickets\/\d+$/);
    assert.deepEqual(selProblems, []);
    await sel.context.close();

    await adm.page.goto(`${stage.url}/dakiya/tickets`);
    await adm.page.getByRole('row').filter({ hasText: subject }).getByText(step.manager).waitFor();
    await adm.context.close();
  });
}
