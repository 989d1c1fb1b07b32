import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// A certificate of this machine's own (127.0.0.1 and localhost, 30 days, self-signed), for the
// tests and the benchmarks that reach the product over HTTPS: made with Debian's openssl, never
// kept in the repository.

export interface DevCertificate {
  certFile: string;
  keyFile: string;
  /** the certificate, for a client that trusts it alone (`ca`) */
  cert: string;
  /** the base64 SHA-256 of its public key, which Chromium is told to accept (--ignore-certificate-errors-spki-list) */
  spkiHash: string;
}

/** Makes the certificate and its key in `dir`. */
export function makeDevCertificate(dir: string): DevCertificate {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '30',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const spki = createPublicKey(cert).export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, cert, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
