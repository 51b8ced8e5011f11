import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.ts';
import { assertSafeKey, safeFileName } from './storage-keys.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

describe('local storage', () => {
  it('streams a file in, reads it back, removes it and the folders it leaves empty', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const { size } = await storage.saveStream('imports/u1/a1/mail.mbox', Readable.from(chunks));
    expect(size).toBe(50 * 64 * 1024);
    expect(Buffer.concat(await storage.openRead('imports/u1/a1/mail.mbox').toArray()).equals(Buffer.concat(chunks))).toBe(true);
    expect(fs.statSync(storage.absolutePath('imports/u1/a1/mail.mbox')).mode & 0o777).toBe(0o600);
    await storage.remove('imports/u1/a1/mail.mbox');
    expect(fs.existsSync(path.join(root, 'imports'))).toBe(false);
    expect(fs.existsSync(root)).toBe(true);
  });

  it('leaves nothing behind when the stream fails', async () => {
    async function* failing() {
      yield Buffer.from('From x');
      throw new Error('connection cut');
    }
    await expect(storage.saveStream('imports/u2/a2/cut.mbox', failing())).rejects.toThrow('connection cut');
    expect(fs.readdirSync(path.join(root, 'imports/u2/a2'))).toEqual([]);
    await storage.removeFolder('imports/u2');
    expect(fs.existsSync(path.join(root, 'imports/u2'))).toBe(false);
  });

  it('leaves nothing behind when the stream fails before its first byte', async () => {
    // The partial file once appeared after its removal (its write stream opened it in the
    // background): a race, so it is tried many times.
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('form cut'));
        },
      });
    for (let i = 0; i < 600; i++) {
      await expect(storage.saveStream(`imports/u3/a${i}/cut.mbox`, failing())).rejects.toThrow('form cut');
      await storage.remove(`imports/u3/a${i}/cut.mbox`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(path.join(root, 'imports/u3'))).toBe(false);
  });

  it.each(['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', '', 'a\\b', 'a/b\u0000c'])('refuses the key %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(/Unsafe storage key/);
    expect(() => storage.absolutePath(key)).toThrow(/Unsafe storage key/);
  });

  it('makes a browser-sent file name safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\All mail Including Spam.mbox')).toBe('All_mail_Including_Spam.mbox');
    expect(safeFileName('..hidden')).toBe('hidden');
    expect(safeFileName('', 'mailbox')).toBe('mailbox');
    expect(safeFileName('///', 'mailbox')).toBe('mailbox');
  });
});
