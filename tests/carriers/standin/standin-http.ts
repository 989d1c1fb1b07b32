import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// What every courier stand-in's HTTP side shares: a JSON answer, the raw body, a JSON body read
// leniently, the server's address, and the gate that keeps the courier's clock and the failures
// tests steer.

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** the body's JSON object, or an empty one when it is not one */
export function jsonOf(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A stand-in's own clock and the failures a test steers: calls never answered, a spent rate
 * window (429 with the seconds left), refusals queued for the next calls.
 */
export class StandinGate {
  private at: number;
  private windowStart: number;
  private windowCalls = 0;
  private allowed: number;
  private hang = 0;
  private readonly refusals: string[] = [];

  constructor(
    start: Date | undefined,
    private readonly window: { calls: number; windowSeconds: number } = { calls: 600, windowSeconds: 300 },
  ) {
    this.at = (start ?? new Date('2026-11-20T06:30:00.000Z')).getTime();
    this.windowStart = this.at;
    this.allowed = window.calls;
  }

  /** the courier's clock, in milliseconds */
  get now(): number {
    return this.at;
  }

  advance(ms: number): void {
    this.at += ms;
  }

  hangNext(): void {
    this.hang++;
  }

  /** the rest of this window's calls are spent */
  exhaustRateLimit(): void {
    this.allowed = this.windowCalls;
  }

  refuseNext(remark: string): void {
    this.refusals.push(remark);
  }

  /** What becomes of the next call: never answered, refused 429 after the seconds left, or let in. */
  admit(): 'hang' | { retryAfterSeconds: number } | 'pass' {
    if (this.hang > 0) {
      this.hang--;
      return 'hang';
    }
    const windowMs = this.window.windowSeconds * 1000;
    if (this.at - this.windowStart >= windowMs) {
      this.windowStart = this.at;
      this.windowCalls = 0;
      this.allowed = this.window.calls;
    }
    if (this.windowCalls >= this.allowed)
      return { retryAfterSeconds: Math.max(1, Math.ceil((windowMs - (this.at - this.windowStart)) / 1000)) };
    this.windowCalls++;
    return 'pass';
  }

  /** the remark a test queued for this call, if any */
  takeRefusal(): string | undefined {
    return this.refusals.shift();
  }
}

/**
 * Reads a call to the courier's API and lets the gate decide it: left unanswered, or answered 429
 * with Retry-After and the courier's own `throttled` body (null both times: the call is done
 * with), else the call's URL and raw body for the stand-in to answer.
 */
export async function admitCall(
  gate: StandinGate,
  req: IncomingMessage,
  res: ServerResponse,
  throttled: unknown,
): Promise<{ url: URL; raw: string } | null> {
  const url = new URL(req.url ?? '/', 'http://standin');
  const raw = await readBody(req);
  const admitted = gate.admit();
  if (admitted === 'hang') return null; // never answered
  if (admitted !== 'pass') {
    send(res, 429, throttled, { 'retry-after': String(admitted.retryAfterSeconds) });
    return null;
  }
  return { url, raw };
}

/** Listens on 127.0.0.1 (port 0: any free one). */
export async function listenLocally(server: Server, port = 0): Promise<void> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

export function baseUrlOf(server: Server, name: string): string {
  const a = server.address() as AddressInfo | null;
  if (!a) throw new Error(`the ${name} stand-in is not listening`);
  return `http://127.0.0.1:${a.port}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
