import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { enronFolder } from '../../../test-support/corpus.ts';
import { SYNC_BATCH_SIZE } from '../../sync.ts';
import type { RemoteFolder } from '../types.ts';
import { mboxRecord } from './fixtures.ts';
import { openMailboxFile } from './mbox-connector.ts';

/**
 * A multi-hundred-MB mbox goes through the connector (scan, then every message fetched in the sync
 * engine's batches) with the process's memory growing by a bounded amount, not with the file.
 */
const TARGET_BYTES = 300 * 1024 * 1024;
const MAX_RSS_GROWTH = 150 * 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-mbox-big-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Real messages over and over, each copy with its own Message-ID, written as a stream. */
async function writeBigMbox(file: string) {
  const messages = [...enronFolder('allen-p', 'inbox'), ...enronFolder('allen-p', 'sent')].map((f) => fs.readFileSync(f, 'latin1'));
  const out = fs.createWriteStream(file);
  let written = 0;
  let count = 0;
  let sent = 0;
  while (written < TARGET_BYTES) {
    for (const message of messages) {
      // Allen's own mail labelled as Google Takeout files sent mail.
      const mine = /^From:\s*phillip\.allen@enron\.com\s*$/im.test(message.split(/\n\n/)[0]!);
      const renamed = message.replace(/^Message-ID: <([^>]*)>/im, `Message-ID: <copy${count}.$1>`);
      const copy = Buffer.from(mine ? `X-Gmail-Labels: Sent\n${renamed}` : renamed, 'latin1');
      const record = mboxRecord(copy);
      written += record.length;
      count++;
      if (mine) sent++;
      if (!out.write(record)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return { count, sent, bytes: written };
}

it('imports a 300 MB mbox with bounded memory', { timeout: 120_000 }, async () => {
  const file = path.join(dir, 'big.mbox');
  const expected = await writeBigMbox(file);
  expect(fs.statSync(file).size).toBe(expected.bytes);

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 10);
  const started = Date.now();
  let fetched = 0;
  let fetchedBytes = 0;
  const perFolder: Record<string, number> = {};
  const connector = await openMailboxFile({ path: file });
  try {
    for (const folder of await connector.listFolders()) {
      const list = await connector.listMessageIds(folder as RemoteFolder, {});
      perFolder[folder.path] = list.ids.length;
      for (let start = 0; start < list.ids.length; start += SYNC_BATCH_SIZE) {
        const batch: Buffer[] = [];
        for await (const message of connector.fetchMessages(folder, list.ids.slice(start, start + SYNC_BATCH_SIZE)))
          batch.push(message.raw);
        fetched += batch.length;
        for (const raw of batch) fetchedBytes += raw.length;
        sample();
      }
    }
  } finally {
    clearInterval(timer);
    await connector.close();
  }
  const seconds = (Date.now() - started) / 1000;
  const growth = peak - baseline;
  console.info(
    `mbox ${(expected.bytes / 1024 ** 2).toFixed(0)} MB, ${expected.count} messages: listed and fetched in ${seconds.toFixed(1)} s, ` +
      `RSS ${(baseline / 1024 ** 2).toFixed(0)} MB -> peak ${(peak / 1024 ** 2).toFixed(0)} MB (+${(growth / 1024 ** 2).toFixed(0)} MB)`,
  );

  expect(fetched).toBe(expected.count);
  expect(perFolder).toEqual({ INBOX: expected.count - expected.sent, Sent: expected.sent });
  // Every byte but the From_ lines and separators came back.
  expect(fetchedBytes).toBeGreaterThan(expected.bytes * 0.95);
  expect(growth).toBeLessThan(MAX_RSS_GROWTH);
  expect(seconds).toBeLessThan(60);
});
