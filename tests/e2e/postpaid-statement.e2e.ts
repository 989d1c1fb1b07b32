import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  DEMO,
  fitsWidth,
  loginAs,
  meeraOnPremium,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// Staff make a seller's wallet postpaid with a reason and see the audit, and adjust it by hand;
// the seller downloads this month's wallet statement (PDF and CSV). At 1280 px and at 375 px.

const stage = appStage({}, async ({ url }) => {
  // the postpaid option is Premium's
  await meeraOnPremium(url, 'postpaid-e2e');
});

const LIMITS = { desktop: ['25000', '₹25,000.00'], phone: ['30000', '₹30,000.00'] } as const;

for (const [name, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)['phone']][]) {
  test(`staff set a credit limit with a reason and see the audit at ${viewport.width} px`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const problems = watchErrors(page);
    await staffLoginAs(page, stage.url);
    await page.goto(`${stage.url}/dakiya/wallets`);
    await page.getByRole('heading', { name: 'Wallets' }).waitFor();
    await page.getByLabel('Search by company, owner email or seller id').fill('Meera');
    await page.getByRole('link', { name: 'Meera Crafts' }).click();
    await page.getByRole('heading', { name: 'Meera Crafts' }).waitFor();
    const form = page.getByRole('form', { name: 'Set credit limit' });
    const [amount, shown] = LIMITS[name];
    await form.getByLabel('Credit limit').fill(amount);
    // without a reason the form says which field is missing, by its label
    await form.getByRole('button', { name: 'Set credit limit' }).click();
    await form.getByText('Reason must be 5 to 200 characters').waitFor();
    await form.getByLabel('Reason').fill(`Postpaid agreed at ${viewport.width} px, ticket 5521`);
    await form.getByRole('button', { name: 'Set credit limit' }).click();
    await form.getByText(`Credit limit set to ${shown}`).waitFor();
    await page.getByTestId('staff-wallet-limit').filter({ hasText: shown }).waitFor();
    const audit = page.getByRole('table', { name: 'Credit limit changes' });
    await audit.getByText(`Postpaid agreed at ${viewport.width} px, ticket 5521`).waitFor();
    // a hand credit with its reason, audited with the balance before and after
    const adjust = page.getByRole('form', { name: 'Wallet adjustment' });
    await adjust.getByLabel('Direction').selectOption('CREDIT');
    await adjust.getByLabel('Amount').fill('150.25');
    await adjust.getByLabel('Reason').fill(`Goodwill credit at ${viewport.width} px`);
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByText(/^₹150\.25 credited to the wallet; balance ₹/).waitFor();
    await page
      .getByRole('table', { name: 'Wallet adjustments' })
      .getByText(`Goodwill credit at ${viewport.width} px`)
      .waitFor();
    assert.ok(await fitsWidth(page), `the staff wallet page fits ${viewport.width} px`);
    await screenshot(page, `postpaid-staff-${name}`);
    // it survives a reload
    await page.reload();
    await page
      .getByRole('table', { name: 'Credit limit changes' })
      .getByText(`Postpaid agreed at ${viewport.width} px, ticket 5521`)
      .waitFor();
    await page.getByTestId('staff-wallet-limit').filter({ hasText: shown }).waitFor();
    await page.goto(`${stage.url}/dakiya/wallets`);
    await page.getByRole('link', { name: 'Meera Crafts' }).waitFor();
    assert.ok(await fitsWidth(page), `the wallets list fits ${viewport.width} px`);
    await screenshot(page, `postpaid-wallets-${name}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`a seller downloads this month's statement at ${viewport.width} px`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const problems = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/wallet');
    await page.getByRole('link', { name: 'Monthly statements' }).click();
    await page.waitForURL(/\/wallet\/statements$/);
    await page.getByRole('heading', { name: 'Monthly statements' }).waitFor();
    await page.getByText('Reconciled', { exact: true }).waitFor();
    await page
      .getByRole('table', { name: /^Statement for / })
      .getByText('Adjustments and reversals')
      .waitFor();
    const month = await page.getByLabel('Month').inputValue();
    assert.match(month, /^\d{4}-\d{2}$/);
    assert.ok(await fitsWidth(page), `the statements page fits ${viewport.width} px`);
    await screenshot(page, `statement-${name}`);
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await pdfDownload;
    assert.equal(pdf.suggestedFilename(), `dakiya-statement-${month}.pdf`);
    assert.equal(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = readFileSync(await (await csvDownload).path(), 'utf8');
    assert.match(csv, /^\uFEFFsection,date,type,reference,description,amount/);
    assert.match(csv, /Closing balance/);
    // it survives a reload
    await page.reload();
    await page.getByText('Reconciled', { exact: true }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
}
