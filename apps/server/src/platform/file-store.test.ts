import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3 } from '../test-support/s3.ts';
import { createLocalFileStore, createS3FileStore, FileMissingError, type FileStore, FileTooLargeError } from './file-store.ts';
import { parseStorageUrl } from './storage-url.ts';

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-files-'));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));
const s3 = await startS3();
afterAll(() => s3.stop());
// s3rver checks signatures against its own fixed credentials.
const s3Location = parseStorageUrl(s3.url, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
if (typeof s3Location === 'string') throw new Error(s3Location);

const drivers: [string, FileStore][] = [
  ['local disk', createLocalFileStore(localRoot)],
  ['S3-compatible (s3rver)', createS3FileStore(s3Location)],
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes that are not all alike, produced a megabyte at a time (never held whole). */
function* generated(size: number, seed: string): Generator<Buffer> {
  for (let offset = 0; offset < size; offset += 1024 * 1024) {
    const block = crypto.createHash('sha256').update(`${seed}:${offset}`).digest();
    yield Buffer.alloc(Math.min(1024 * 1024, size - offset), block);
  }
}

describe.each(drivers)('file store on %s', (_name, store) => {
  it('streams a file in and out, whole and byte for byte, in parts when it is large', async () => {
    const size = 19 * 1024 * 1024 + 7;
    const put = await store.put('knowledge-documents/u1/a1/1700000000000-big.pdf', Readable.from(generated(size, 'big')), {
      contentType: 'application/pdf',
    });
    expect(put.size).toBe(size);
    const back = await readAll(await store.get('knowledge-documents/u1/a1/1700000000000-big.pdf'));
    expect(back.equals(Buffer.concat([...generated(size, 'big')]))).toBe(true);
  });

  it('refuses a file past its limit and keeps nothing of it', async () => {
    const attempt = store.put('email-attachments/u1/a1/1700000000001-huge.zip', Readable.from(generated(12 * 1024 * 1024, 'huge')), {
      maxBytes: 10 * 1024 * 1024,
    });
    await expect(attempt).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store.list('email-attachments/u1')).toEqual([]);
  });

  it('lists, removes one file and removes a folder with everything in it', async () => {
    for (const name of ['a.txt', 'b.txt']) await store.put(`email-attachments/u2/acc/${name}`, Readable.from([Buffer.from(name)]));
    await store.put('email-attachments/u2/other/c.txt', Readable.from([Buffer.from('c')]));
    expect(await store.list('email-attachments/u2')).toEqual([
      'email-attachments/u2/acc/a.txt',
      'email-attachments/u2/acc/b.txt',
      'email-attachments/u2/other/c.txt',
    ]);
    await store.remove('email-attachments/u2/acc/a.txt');
    await store.remove('email-attachments/u2/acc/missing.txt');
    expect(await store.list('email-attachments/u2/acc')).toEqual(['email-attachments/u2/acc/b.txt']);
    await store.removePrefix('email-attachments/u2');
    expect(await store.list('email-attachments/u2')).toEqual([]);
    await expect(store.get('email-attachments/u2/acc/b.txt')).rejects.toBeInstanceOf(FileMissingError);
  });

  it('refuses keys that leave their place', async () => {
    for (const key of ['../escape.txt', 'a/../../b', '/etc/passwd', 'a//b', 'a\\b', `a/${'\u0000'}b`]) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint and region, and refuses what it cannot use', () => {
    expect(parseStorageUrl('s3://files/penman/prod?endpoint=https://s3.example.com&region=eu-west-1')).toEqual({
      bucket: 'files',
      prefix: 'penman/prod',
      client: { region: 'eu-west-1', endpoint: 'https://s3.example.com', forcePathStyle: true },
    });
    expect(parseStorageUrl('s3://files')).toEqual({ bucket: 'files', prefix: '', client: { region: 'us-east-1', forcePathStyle: false } });
    expect(parseStorageUrl('https://files')).toMatch(/only s3:\/\//);
    expect(parseStorageUrl('s3://files?endpoint=ftp://x')).toMatch(/endpoint/);
    expect(parseStorageUrl('not a url')).toMatch(/must be a URL/);
  });
});
