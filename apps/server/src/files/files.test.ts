import fs from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES } from '@penman/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestResponse } from '../test-support/app.ts';
import { markdownToDocx, markdownToPdf } from '../test-support/documents.ts';
import { startS3 } from '../test-support/s3.ts';
import { EXTRACTION_MESSAGES } from './engine/extraction-result.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const openingHours = fs.readFileSync(path.join(FIXTURES, 'opening-hours.md'), 'utf8');

const s3 = await startS3();
afterAll(() => s3.stop());

/** The same tests on both storage drivers: local disk (the default) and S3-compatible. */
const apps = [
  ['local disk', await createTestApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) }, { workers: true })],
  [
    'S3-compatible storage',
    await createTestApp(
      {
        UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
        STORAGE_URL: s3.url,
        STORAGE_ACCESS_KEY_ID: 'S3RVER',
        STORAGE_SECRET_ACCESS_KEY: 'S3RVER',
      },
      { workers: true },
    ),
  ],
] as const;

describe.each(apps)('files on %s', (_name, t) => {
  let cookie = '';
  let userId = '';
  let accountId = '';

  const upload = (file: Blob, filename: string, categories: string | null, account = accountId): Promise<TestResponse> => {
    const form = new FormData();
    if (categories !== null) form.set('categories', categories);
    form.set('file', file, filename);
    return t.request(`/api/accounts/${account}/files`, { method: 'POST', cookie, body: form });
  };
  const list = async (source?: string) =>
    (await (await t.request(`/api/accounts/${accountId}/files${source ? `?source=${source}` : ''}`, { cookie })).json()).files as {
      id: string;
      filename: string;
      source: string;
      status: string | null;
      errorMessage: string | null;
      passages: number | null;
    }[];
  const stored = () =>
    t.deps.files
      .list(`knowledge-documents/${userId}`)
      .then(async (k) => [...k, ...(await t.deps.files.list(`email-attachments/${userId}`))]);
  const waitProcessed = async (id: string) => {
    for (let i = 0; i < 300; i++) {
      const file = (await list()).find((f) => f.id === id);
      if (file && (file.status === 'processed' || file.status === 'failed')) return file;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('not processed in time');
  };

  it('a signed-in user with an account uploads a PDF; it is read into passages the search finds', async () => {
    const session = await t.signUpAndIn(`files-${_name.length}@example.com`);
    cookie = session.cookie;
    userId = session.user.id;
    accountId = await t.insertEmailAccount(userId, 'shop@example.com');

    const response = await upload(
      new Blob([await markdownToPdf(openingHours)], { type: 'application/pdf' }),
      'Opening hours.pdf',
      'knowledge',
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.message).toBe('Knowledge document uploaded successfully');
    expect(body.files).toEqual([expect.objectContaining({ filename: 'Opening hours.pdf', source: 'knowledge', fileType: 'pdf' })]);
    const processed = await waitProcessed(body.files[0].id);
    expect(processed).toMatchObject({ status: 'processed', errorMessage: null });
    expect(processed.passages).toBeGreaterThan(0);

    const search = await t.request(
      `/api/accounts/${accountId}/knowledge/search?q=${encodeURIComponent('Hello, is there parking near your shop? Thanks, Ann')}`,
      {
        cookie,
      },
    );
    const { passages } = await search.json();
    expect(passages[0]).toMatchObject({ filename: 'Opening hours.pdf', content: expect.stringContaining('park for free') });
    expect(passages[0].matchedTerms).toContain('park');
  });

  it("refuses a second file of that name in that category with the spec's words, and keeps nothing of it", async () => {
    const before = await stored();
    const response = await upload(new Blob([Buffer.from(openingHours)]), 'Opening hours.pdf', 'knowledge');
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatchObject({
      message: 'A knowledge document with the name "Opening hours.pdf" already exists. Please rename the file or choose a different one.',
    });
    expect(await stored()).toEqual(before);
  });

  it('asks for a category, and takes only .pdf .doc .docx .txt .md as knowledge', async () => {
    const none = await upload(new Blob(['x']), 'notes.txt', null);
    expect(none.status).toBe(400);
    expect((await none.json()).error).toMatchObject({ message: 'At least one category must be selected' });
    const exe = await upload(new Blob(['MZ']), 'setup.exe', 'knowledge');
    expect((await exe.json()).error.message).toBe(FILE_MESSAGES.knowledgeTypes);
    const asAttachment = await upload(new Blob(['MZ'], { type: 'application/x-msdownload' }), 'setup.exe', 'attachment');
    expect(asAttachment.status).toBe(201);
    expect((await asAttachment.json()).message).toBe('Attachment uploaded successfully');
  });

  it('uploads one file as both, stored twice, and adding it again to a category says it is there', async () => {
    const docx = await markdownToDocx(openingHours);
    const response = await upload(new Blob([docx]), 'Hours.docx', 'knowledge,attachment');
    expect(response.status).toBe(201);
    const { files, message } = await response.json();
    expect(message).toBe('File uploaded as knowledge document and attachment');
    expect(files.map((f: { source: string }) => f.source)).toEqual(['knowledge', 'attachment']);
    const attachment = files[1];
    const again = await t.request(`/api/attachments/${attachment.id}/categories`, {
      method: 'POST',
      cookie,
      json: { category: 'knowledge' },
    });
    expect(await again.json()).toMatchObject({ created: false, message: 'File already exists as knowledge document' });

    // Another file under a knowledge document's name is refused.
    const other = await upload(new Blob(['other bytes']), 'Hours.docx', 'attachment');
    expect(other.status).toBe(409);
    const brochure = (await (await upload(new Blob(['PDF-ish']), 'brochure.txt', 'attachment')).json()).files[0];
    expect(
      (await t.request(`/api/attachments/${brochure.id}/categories`, { method: 'POST', cookie, json: { category: 'knowledge' } })).status,
    ).toBe(200);
    expect((await list('knowledge')).map((f) => f.filename)).toContain('brochure.txt');

    // The stored bytes come back as uploaded.
    const content = await t.request(`/api/attachments/${attachment.id}/content`, { cookie });
    expect(Buffer.from(await content.arrayBuffer()).equals(docx)).toBe(true);
    expect(content.headers.get('content-disposition')).toBe(`attachment; filename="Hours.docx"; filename*=UTF-8''Hours.docx`);
  });

  it('keeps a file name as data: traversal, quotes, other scripts and a very long name are stored safely and shown as given', async () => {
    const names = [
      '../../../etc/passwd.txt',
      '..\\..\\boot.ini.txt',
      'say "hi" %2e%2e.txt',
      `${'long name '.repeat(50)}.txt`,
      'ünïcödé — 価格表.txt',
    ];
    for (const name of names) {
      const response = await upload(new Blob(['Prices are listed per item.']), name, 'attachment');
      expect(response.status).toBe(201);
    }
    const shown = (await list('attachment')).map((f) => f.filename);
    expect(shown).toEqual(
      expect.arrayContaining(['../../../etc/passwd.txt', '..\\..\\boot.ini.txt', 'say "hi" %2e%2e.txt', 'ünïcödé — 価格表.txt']),
    );
    expect(shown.some((name) => name.startsWith('long name long name') && name.length === 255)).toBe(true);
    for (const key of await stored()) expect(key.split('/').every((segment) => segment !== '..' && segment !== '')).toBe(true);
  });

  it('answers 400 (and stores nothing) for a name with control characters, which multipart cannot carry', async () => {
    const before = await stored();
    const boundary = 'penman-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="categories"\r\n\r\nattachment\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bad\u0001\u0000name.txt"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const response = await t.request(`/api/accounts/${accountId}/files`, {
      method: 'POST',
      cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and stores nothing', async () => {
    const before = await stored();
    const response = await upload(new Blob([Buffer.alloc(3 * 1024 * 1024, 'x')]), 'big.txt', 'attachment');
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe('The file is larger than this server accepts (2 MB).');
    expect(await stored()).toEqual(before);
  });

  it('marks a document it cannot read as failed, with the reason', async () => {
    const response = await upload(new Blob([fs.readFileSync(path.join(FIXTURES, 'password-protected.pdf'))]), 'locked.pdf', 'knowledge');
    const file = await waitProcessed((await response.json()).files[0].id);
    expect(file).toMatchObject({ status: 'failed', errorMessage: EXTRACTION_MESSAGES.encrypted, passages: 0 });
  });

  it('lets an attachment be attached without asking', async () => {
    const attachment = (await list('attachment'))[0]!;
    const response = await t.request(`/api/attachments/${attachment.id}`, { method: 'PATCH', cookie, json: { autoAttach: true } });
    expect((await response.json()).file).toMatchObject({ id: attachment.id, autoAttach: true });
  });

  it('deletes a file with its stored object and passages; deleting the account leaves no object behind', async () => {
    const files = await list();
    const knowledge = files.find((f) => f.filename === 'Opening hours.pdf')!;
    const before = await stored();
    expect((await t.request(`/api/knowledge-documents/${knowledge.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await stored()).toHaveLength(before.length - 1);
    const search = await t.request(`/api/accounts/${accountId}/knowledge/search?q=parking`, { cookie });
    expect((await search.json()).passages.every((p: { documentId: string }) => p.documentId !== knowledge.id)).toBe(true);

    const deleted = await t.request(`/api/accounts/${accountId}`, {
      method: 'DELETE',
      cookie,
      json: { confirmation: 'DELETE EMAIL ACCOUNT' },
    });
    expect(deleted.status).toBe(204);
    expect(await stored()).toEqual([]);
    const { rows } = await t.database.pool.query('select count(*)::int as n from knowledge_lexemes where user_id = $1', [userId]);
    expect(rows[0].n).toBe(0);
  });

  it('needs an account of the user', async () => {
    const other = await t.signUpAndIn(`other-${_name.length}@example.com`);
    const otherAccount = await t.insertEmailAccount(other.user.id, 'other@example.com');
    expect((await upload(new Blob(['x']), 'a.txt', 'attachment', otherAccount)).status).toBe(404);
  });
});
