import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Destination } from './destination';

// One HTTP request to a checked destination, connected to the checked address whatever the name
// resolves to now (TLS still verifies the certificate for the name). Redirects are never
// followed: a 3xx is the answer. The answer's body is read up to a cap.

const MAX_BODY_BYTES = 1 << 20;
const NULL_BODY = new Set([204, 205, 304]);

export interface PinnedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

function headersOf(res: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
    else if (v !== undefined) h.set(k, v);
  }
  return h;
}

export function pinnedFetch(dest: Destination, init: PinnedInit = {}): Promise<Response> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: dest.address, family: dest.family }]);
    else callback(null, dest.address, dest.family);
  };
  const request = dest.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = request(
      dest.url,
      { method: init.method ?? 'GET', headers: init.headers, lookup: pinned, signal: init.signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 599) return reject(new Error(`The destination answered status ${status}`));
          const body = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: headersOf(res) }));
        };
        res.on('data', (c: Buffer) => {
          if (size >= MAX_BODY_BYTES) return;
          chunks.push(c.subarray(0, MAX_BODY_BYTES - size));
          size += c.length;
          if (size >= MAX_BODY_BYTES) {
            res.destroy();
            finish();
          }
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
