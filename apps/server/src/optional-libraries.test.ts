import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

// Libraries that only some mail or some settings need are loaded on first use, not with the
// server's modules (issue 33, the sync's peak memory; BENCHMARKS.md): the NLP of the understanding
// (about 80 MB of the process together), jschardet (undeclared 8-bit text), the AWS SDK (an S3
// file store) and the AI SDK (an LLM engine). A fresh process tells which scripts V8 has compiled.
const NLP = ['chrono-node', 'compromise', 'tinyld', 'wink-eng-lite-web-model', 'wink-nlp'];
const OPTIONAL = [...NLP, 'jschardet', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'ai', '@ai-sdk/openai-compatible'];

const script = `
import { Session } from 'node:inspector/promises';
const optional = ${JSON.stringify(OPTIONAL)};
async function loaded() {
  const session = new Session();
  session.connect();
  const urls = new Set();
  session.on('Debugger.scriptParsed', ({ params }) => urls.add(params.url));
  await session.post('Debugger.enable');
  session.disconnect();
  const packages = [...urls].map((url) => url.match(/node_modules\\/((@[^/]+\\/)?[^/]+)\\//)?.[1]);
  return optional.filter((name) => packages.includes(name));
}
await import('./server.ts');
const atStart = await loaded();
const { understandEmail } = await import('./understanding/engine/understand.ts');
const understanding = understandEmail(
  { subject: 'Report', senderEmail: 'kim@example.com', senderName: 'Kim', recipientEmails: ['vince@example.com'], ccEmails: [],
    bodyText: 'Vince, did you receive the report I sent on Friday? Could you send me your comments by Monday?\\n\\nKim',
    bodyHtml: null, receivedDate: new Date('2001-10-29T10:00:00Z'), headers: {}, attachmentTypes: [] },
  { addresses: ['vince@example.com'], names: ['vince'] },
);
const { decodeText } = await import('./mail/engine/charsets.ts');
// Russian in windows-1251 without a declared charset: read by the detector.
const decoded = decodeText(Buffer.from('cff0e8e2e5f22c20eaf2ee20ede020f1e2ffe7e83f20cff0e8f8ebe820eef2f7e5f220e7e020eef2e4e5eb', 'hex'), null);
console.log(JSON.stringify({ atStart, afterUse: await loaded(), asks: understanding.asks.length, charset: decoded.charset }));
`;

it('starts without the optional libraries, and loads the NLP and the charset detector when a mail needs them', { timeout: 120_000 }, () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  expect(run.status, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
    atStart: string[];
    afterUse: string[];
    asks: number;
    charset: string;
  };
  expect(result.atStart).toEqual([]);
  // tinyld stays unloaded: the mail reads as English by its function words (language.ts), so the
  // n-gram profiles are loaded only for text that may be in another language.
  expect(result.afterUse).toEqual([...NLP.filter((name) => name !== 'tinyld'), 'jschardet']);
  expect(result.asks).toBeGreaterThan(0);
  expect(result.charset).toBe('windows-1251');
});
