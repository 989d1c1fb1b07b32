import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

// HTTPS served by the product itself (TLS_CERT_FILE and TLS_KEY_FILE, PEM): it then speaks HTTP/2,
// which carries a page's scripts and reads over one connection, each without a round trip of its
// own, where HTTP/1.1 queues them on a phone's six connections; HTTP/1.1 clients are still served.
// Unset: plain HTTP, for a load balancer in front that ends TLS (docs/scaling.md).

export interface TlsFiles {
  /** the certificate, with its chain, PEM */
  certFile: string;
  /** its private key, PEM */
  keyFile: string;
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/** The certificate files named in the environment, or null when neither is set. */
export function readTlsFiles(env: Record<string, string | undefined>): TlsFiles | null {
  const certFile = env.TLS_CERT_FILE?.trim() ?? '';
  const keyFile = env.TLS_KEY_FILE?.trim() ?? '';
  if (!certFile && !keyFile) return null;
  return { certFile, keyFile };
}

/** The files read, or what is wrong with them, as a sentence for whoever starts the server. */
export function loadTlsPair(files: TlsFiles): { pair: TlsPair } | { problem: string } {
  const missing = !files.certFile ? 'TLS_CERT_FILE' : !files.keyFile ? 'TLS_KEY_FILE' : null;
  if (missing)
    return {
      problem: `${missing} is not set: HTTPS needs both TLS_CERT_FILE (the certificate with its chain) and TLS_KEY_FILE (its private key), as PEM files. Set both, or neither for plain HTTP.`,
    };
  const read = (name: string, path: string): Buffer | string => {
    try {
      return readFileSync(path);
    } catch (e) {
      return `${name} ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'unreadable'}). Fix the path and start again.`;
    }
  };
  const cert = read('TLS_CERT_FILE', files.certFile);
  if (typeof cert === 'string') return { problem: cert };
  const key = read('TLS_KEY_FILE', files.keyFile);
  if (typeof key === 'string') return { problem: key };
  try {
    // refuses a file that is not PEM, and a key that is not the certificate's
    createSecureContext({ cert, key });
  } catch (e) {
    return {
      problem: `TLS_CERT_FILE ${files.certFile} and TLS_KEY_FILE ${files.keyFile} are not a certificate and its private key in PEM (${(e as Error).message}). Fix them and start again.`,
    };
  }
  return { pair: { cert, key } };
}
