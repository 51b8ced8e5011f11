import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { multipartParts } from './multipart.ts';

const options = (maxFileBytes: number) => ({
  maxFileBytes,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'too large'),
  malformed: 'Send the file as multipart/form-data.',
});

describe('multipart parsing of an upload', () => {
  const upload = (body: FormData) => new Request('http://localhost/api/accounts/import', { method: 'POST', body });

  it('streams the parts in order and holds the file to the limit', async () => {
    const form = new FormData();
    form.set('emailAddress', 'a@example.com');
    form.set('file', new Blob([Buffer.alloc(5000, 'x')]), 'big.mbox');
    const seen: string[] = [];
    const consume = async () => {
      for await (const part of multipartParts(upload(form), options(4096))) {
        seen.push(`${part.kind}:${part.name}`);
        if (part.kind === 'file') await part.stream.toArray();
      }
    };
    await expect(consume()).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(seen).toEqual(['field:emailAddress', 'file:file']);
  });

  it('fails with 400, not an uncaught error, when the form ends inside a file nobody has read yet', async () => {
    const request = new Request('http://localhost/api/accounts/import', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.mbox"\r\n\r\nFrom x',
    });
    const parts = multipartParts(request, options(1024 * 1024));
    expect((await parts.next()).value).toMatchObject({ kind: 'file', name: 'file' });
    // busboy reaches the end of the body (and destroys the file stream) while the caller is busy elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(parts.next()).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The upload ended before the whole file arrived.' });
  });

  it('refuses a declared length over the limit before reading anything', async () => {
    const request = new Request('http://localhost/api/accounts/import', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) },
      body: '--x--',
    });
    await expect(multipartParts(request, options(1024)).next()).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
