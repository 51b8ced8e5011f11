import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBox = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

/**
 * AES-256-GCM for mailbox passwords and OAuth refresh tokens. The key is derived from APP_SECRET
 * with HKDF so the session-signing use of the same secret never shares key material with this one.
 */
export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'penman', 'mailbox-secrets/aes-256-gcm', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('unknown secret format');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

export type Signer = { sign: (data: string) => string; verify: (data: string, signature: string) => boolean };

/**
 * HMAC-SHA256 signatures (base64url) for values that travel through the browser and must come back
 * unchanged, such as the Gmail consent's state. Each purpose gets its own key, derived from
 * APP_SECRET with HKDF, so a signature made for one purpose is worthless for another.
 */
export function createSigner(appSecret: string, purpose: string): Signer {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'penman', `signer/${purpose}`, 32));
  const sign = (data: string) => createHmac('sha256', key).update(data, 'utf8').digest('base64url');
  return {
    sign,
    verify(data, signature) {
      const expected = Buffer.from(sign(data), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
