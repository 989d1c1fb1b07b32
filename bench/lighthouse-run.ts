import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// Lighthouse as the page benches run it: Debian's Chromium headless, mobile defaults, performance
// only; and the figures each bench reports of a page.

export const launchChromium = (flags: string[] = []) =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...flags],
  });

/** KB with one decimal. */
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** One Lighthouse run on the browser at `port`: its score, LCP, TBT and the scripts it loaded. */
export async function lighthouseRun(port: number, url: string, opts: { disableStorageReset?: boolean } = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    onlyCategories: ['performance'],
    logLevel: 'error',
    ...opts,
  });
  const lhr = result!.lhr;
  const requests = (
    lhr.audits['network-requests'].details as unknown as {
      items: { url: string; resourceType: string; transferSize: number }[];
    }
  ).items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    lhr,
    figures: {
      score: lhr.categories.performance.score ?? 0,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      jsKb: kb(scripts.reduce((n, r) => n + r.transferSize, 0)),
      scripts: scripts.map((r) => new URL(r.url).pathname),
    },
  };
}
