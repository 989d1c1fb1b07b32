import { request } from 'node:https';

// One request to a product server started for a test or a bench: over HTTPS trusting only the
// certificate it was given (its own, made for the run), over plain HTTP with fetch.

export interface TrustedAnswer {
  status: number;
  body: string;
}

export function requestTrusting(
  url: string,
  opts: { ca: string | Buffer | null; method?: string; headers?: Record<string, string> },
): Promise<TrustedAnswer> {
  const { ca, method = 'GET', headers = {} } = opts;
  if (!url.startsWith('https:') || !ca)
    return fetch(url, { method, headers }).then(async (r) => ({ status: r.status, body: await r.text() }));
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, ca }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
