import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Store credentials at rest: AES-256-GCM under the server's channel key (CHANNEL_TOKEN_KEY, else
// the server secret "channel-tokens"), as "v1.<iv>.<tag>.<ciphertext>" in base64url. A database
// dump alone does not reveal a shop's token.

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(key: Uint8Array): SecretBox {
  // any length of key material becomes the 32 bytes AES-256 wants
  const k = createHash('sha256').update(key).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed credentials');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
