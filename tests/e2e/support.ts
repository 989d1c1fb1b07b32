import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// End-to-end support: the real product (server/main.ts serving the built SPA on a fresh
// embedded database) driven by Debian's Chromium through playwright-core.

export { ROOT };
export const SCREENS_DIR = join(ROOT, 'test-results/screens');
export const DEMO = {
  seller: { email: 'seller@demo.dakiya.in', password: 'Seller@123' },
  seller2: { email: 'meera@demo.dakiya.in', password: 'Seller@123' },
  staff: { email: 'ops@dakiya.in', password: 'Staff@123' },
};

export type RunningApp = ServerProcess;

/** The product on a fresh embedded database (its own temporary folder), in development mode; a busy CI machine may take minutes to start it. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-e2e-'));
  const app = await startServerProcess('server/main.ts', { DATABASE_URL: '', DATA_DIR: join(dir, 'pglite'), NODE_ENV: 'development', ...env }, '/api/v1/app-config', 240_000);
  return {
    ...app,
    stop: async () => {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  // playwright-core gives each launch a fresh temporary profile (the --user-data-dir of the notes)
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
};

export async function newPage(browser: Browser, viewport = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

/** The newest 6-digit code sent to a recipient (email address or +91 number), from /api/dev/outbox. */
export async function latestCode(appUrl: string, recipientIncludes: string, afterId = 0): Promise<{ code: string; id: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = ((await (await fetch(`${appUrl}/api/dev/outbox`)).json()) as { data: OutboxRow[] }).data;
    const row = rows.find((r) => r.id > afterId && r.recipient.includes(recipientIncludes) && /\b\d{6}\b/.test(r.body));
    if (row) return { code: row.body.match(/\b(\d{6})\b/)![1], id: row.id };
    if (Date.now() > deadline) throw new Error(`no code sent to ${recipientIncludes}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Logs in through the login page and waits for the seller landing. */
export async function loginAs(page: Page, appUrl: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}
