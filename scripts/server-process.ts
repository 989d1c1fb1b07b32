import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { demoGstin } from '../src/domain/gstin';
import { requestTrusting } from './trusted-request';

// Starting a server script in its own process on a free port, for benchmarks and end-to-end tests.

export const ROOT = resolve(import.meta.dirname, '..');

/** Set by `npm test` once its build has made the server's bundle (dist-server/) from this source. */
export const SERVER_BUILT_ENV = 'SERVER_BUILT';

/**
 * A server process's script: the built bundle when this run has built it (it starts on plain node,
 * as `npm start` runs it, in a third of the processor time of tsx), else the source through tsx.
 */
export const serverScript = (which: 'main' | 'worker') =>
  process.env[SERVER_BUILT_ENV] === '1' ? `dist-server/${which}.mjs` : `server/${which}.ts`;

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Runs `script` (TypeScript with tsx, or a built .mjs bundle) on a free port (or env.PORT) and waits until `url + probe` answers 2xx,
 * or, for a process without HTTP (the worker), until its output says `readyLine`.
 */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  probe: string,
  timeoutMs = 90_000,
  readyLine?: string,
): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  // a built bundle (dist-server/*.mjs) runs on plain node; TypeScript through tsx
  const proc = spawn(process.execPath, script.endsWith('.mjs') ? [script] : ['--import', 'tsx', script], {
    cwd: ROOT,
    // production mode for benchmarks wants a supplier GSTIN to start: the demo one unless given; and
    // the benchmarks and process tests log in as the demo's sellers, which production does not seed
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COMPANY_GSTIN: process.env.COMPANY_GSTIN || demoGstin(process.env.COMPANY_STATE || 'Karnataka'),
      DEMO_DATA: process.env.DEMO_DATA || '1',
      // a process given an embedded store (DATA_DIR) runs on it, not on the PostgreSQL this one was given
      ...(env.DATA_DIR && !('DATABASE_URL' in env) ? { DATABASE_URL: '' } : {}),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  // a server given a certificate (TLS_CERT_FILE) is asked over HTTPS, trusting that certificate alone
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : null;
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const answers = async (target: string): Promise<boolean> => {
    const { status } = await requestTrusting(target, { ca });
    return status >= 200 && status < 300;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited early:\n${output}`);
    try {
      if (readyLine ? output.includes(readyLine) : await answers(url + probe)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // a server still starting would keep the test file's process alive
      proc.kill();
      throw new Error(`${script} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    logs: () => output,
    stop: () =>
      new Promise((res) => {
        if (proc.exitCode !== null) return res();
        proc.once('exit', () => res());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}
