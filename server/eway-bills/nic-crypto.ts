import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';

// The NIC e-way bill API's encryption (shared/b2b.md §B4, after the open integration it cites):
//   the login's payload is encrypted with NIC's RSA public key (PKCS#1 v1.5) and carries an app
//   key of 32 random bytes; the answer's session key (SEK) comes back AES-256-ECB-encrypted with
//   that app key; every later payload, both ways, is AES-256-ECB with the SEK (PKCS#7 padding),
//   in base64. A GET's answer carries its own key (`rek`), encrypted with the SEK.

export const APP_KEY_BYTES = 32;

export function newAppKey(): Buffer {
  return randomBytes(APP_KEY_BYTES);
}

/** AES-256-ECB with PKCS#7 padding, as base64. */
export function aesEncrypt(plain: Buffer | string, key: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** The plain bytes of an AES-256-ECB base64 text; throws when the key or the padding is wrong. */
export function aesDecrypt(base64: string, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/** RSA PKCS#1 v1.5 with NIC's public key (PEM), as base64. */
export function rsaEncrypt(plain: string, publicKeyPem: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}
