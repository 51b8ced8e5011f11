import { describe, expect, it } from 'vitest';
import { createSecretBox } from './crypto.ts';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox('an-app-secret-of-at-least-32-characters!');

  it('round-trips a mailbox password and never stores it in the clear', () => {
    const sealed = box.encrypt('hunter2-пароль');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('hunter2');
    expect(box.decrypt(sealed)).toBe('hunter2-пароль');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('rejects tampered ciphertext and a different key', () => {
    const sealed = box.encrypt('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox('another-secret-another-secret-another!').decrypt(sealed)).toThrow();
    expect(() => box.decrypt('plain text')).toThrow('unknown secret format');
  });
});
