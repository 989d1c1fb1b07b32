import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot, VIEWPORTS, appStage } from './support';

const stage = appStage();

test('an unknown path shows the 404 page', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    await page.goto(`${stage.url}/no/such/page`);
    await page.getByText('404 Page Not Found!').waitFor();
    assert.match(page.url(), /\/error$/);
    await screenshot(page, `not-found-${name}`);
    await context.close();
  }
});

test('every account screen renders at 1280px and 375px', async () => {
  const pages: [string, string, string][] = [
    ['pricing', '/pricing', 'Choose a Plan That Works Best for You'],
    ['terms', '/terms_conditions', 'Terms and Conditions'],
    ['privacy', '/privacy_policy', 'Privacy Policy'],
    ['refund', '/refund_policy', 'Refund and Cancellation Policy'],
    ['register', '/register', 'Create your Dakiya account'],
    ['denied', '/denied', 'Access denied'],
    ['signup', '/signup', 'Create your Dakiya account'],
  ];
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    for (const [label, path, text] of pages) {
      await page.goto(`${stage.url}${path}`);
      await page.getByRole('heading', { name: text }).first().waitFor();
      await screenshot(page, `${label}-${name}`);
    }
    await context.close();
  }
});

test('staff log in to the corporate dashboard; a seller cannot open it', async () => {
  const { DEMO } = await import('./support');
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    await page.goto(`${stage.url}/login`);
    await page.getByLabel('Email').fill(DEMO.staff.email);
    await page.getByLabel('Password').fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dakiya\/dashboard$/);
    await page.getByText('seller@demo.dakiya.in').first().waitFor();
    await screenshot(page, `staff-dashboard-${name}`);
    // a staff account is sent away from seller routes with 'Required roles not found'
    await page.goto(`${stage.url}/home`);
    await page.waitForURL(/\/login/);
    await page.getByText('Required roles not found').waitFor();
    await context.close();
  }
});

test('a policy page downloads its PDF in a new tab', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await page.goto(`${stage.url}/refund_policy`);
  const [pdf] = await Promise.all([
    context.waitForEvent('response', (r) => r.url().endsWith('/api/v1/policies/refund_policy.pdf')),
    page.getByRole('link', { name: /Download PDF/ }).click(),
  ]);
  assert.equal(pdf.status(), 200);
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  // Chromium shows it in its viewer; the bytes themselves are a PDF
  const bytes = await (await context.request.get(pdf.url())).body();
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  await context.close();
});
