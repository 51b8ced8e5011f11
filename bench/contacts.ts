// `npm run bench -- contacts [emails] [correspondents]`: the contact book of one account with
// 100,000 emails (30% sent, replies threaded to what they answer, subjects and bodies from real
// Enron mail) exchanged with 20,000 people (a few close colleagues, a long tail of one-off senders),
// in a fresh embedded PostgreSQL with the migrations applied. Measures the full rebuild
// (Reprocess Contacts: load the mail, build contacts and statistics, parse signatures, upsert)
// and the contacts listing (the service behind GET /api/accounts/{id}/contacts) with and without
// search and filters over the ~20,000 contacts it makes.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listContacts, rebuildContacts } from '../apps/server/src/contacts/service.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { openDatabase } from '../apps/server/src/platform/db/open.ts';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';

const EMAILS = Number(process.argv[2] ?? 100_000);
const PEOPLE = Number(process.argv[3] ?? 20_000);
const OWN = 'me@penman-bench.com';

function subjectsAndBodies(): { subjects: string[]; bodies: string[] } {
  const subjects: string[] = [];
  const bodies: string[] = [];
  for (const file of [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('lavorato-j', 'inbox')].slice(0, 2000)) {
    const raw = fs.readFileSync(file, 'latin1');
    const split = raw.search(/\r?\n\r?\n/);
    const subject = /^Subject: (.*)$/im.exec(raw.slice(0, split))?.[1]?.trim();
    if (subject) subjects.push(subject);
    bodies.push(raw.slice(split).trim().slice(0, 4000));
  }
  return { subjects, bodies };
}

/** A deterministic pseudo-random sequence, so every run measures the same mailbox. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const FIRST = ['Ann', 'Bob', 'Chen', 'Dana', 'Élodie', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jon', 'Kofi', 'Lena', 'Mia', 'Noah'];
const LAST = ['Lee', 'Stone', 'García', 'Müller', 'Okafor', 'Smith', 'Tanaka', 'Novak', 'Silva', 'Khan', 'Brown', 'Rossi'];
const DOMAINS = ['penman-bench.com', 'acme.com', 'globex.co.uk', 'initech.com', 'gmail.com', 'umbrella.org', 'hooli.io', 'yahoo.com'];

function person(index: number) {
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
  const domain = DOMAINS[index % DOMAINS.length]!;
  return {
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${index}@${domain}`.normalize('NFD').replace(/\p{M}/gu, ''),
    name: `${first} ${last}`,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-contacts-'));
// Running as root, PostgreSQL runs as another user: it must be able to enter the folder.
fs.chmodSync(dir, 0o755);
const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, APP_SECRET: 'bench-secret-bench-secret-bench-0001', LOG_LEVEL: 'warn' });
const database = await openDatabase(env);
const { db, pool } = database;

try {
  const userId = randomUUID();
  await pool.query(`insert into users (id, name, email) values ($1, 'Bench', 'bench@penman-bench.com')`, [userId]);
  const {
    rows: [account],
  } = await pool.query<{ id: string }>(
    `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, $2, 'exchange', $2) returning id`,
    [userId, OWN],
  );
  const accountId = account!.id;

  const { subjects, bodies } = subjectsAndBodies();
  const next = random(42);
  // Who a message is with: a fifth of the mail with 50 close colleagues, the rest spread so that
  // every one of the PEOPLE appears at least once.
  const pick = (i: number) => (next() < 0.2 ? Math.floor(next() * 50) : i % PEOPLE);
  const started = Date.now();
  const start = new Date('2024-01-01T00:00:00Z').getTime();
  const span = 365 * 24 * 3_600_000;
  const BATCH = 5_000;
  const incomingIds: (string | null)[] = [];
  for (let offset = 0; offset < EMAILS; offset += BATCH) {
    const rows = {
      key: [] as string[],
      inReplyTo: [] as (string | null)[],
      subject: [] as string[],
      sender: [] as string[],
      senderName: [] as (string | null)[],
      to: [] as string[],
      cc: [] as string[],
      names: [] as string[],
      date: [] as string[],
      outgoing: [] as boolean[],
      body: [] as string[],
    };
    for (let i = offset; i < Math.min(EMAILS, offset + BATCH); i++) {
      const other = person(pick(i));
      const outgoing = next() < 0.3;
      const key = `bench-${i}@penman-bench.com`;
      // Half of the sent mail answers an earlier incoming message.
      const answered = outgoing && next() < 0.5 && incomingIds.length > 0 ? incomingIds[Math.floor(next() * incomingIds.length)]! : null;
      rows.key.push(key);
      rows.inReplyTo.push(answered);
      rows.subject.push(`${answered ? 'Re: ' : ''}${subjects[i % subjects.length]}`);
      rows.sender.push(outgoing ? OWN : other.email);
      rows.senderName.push(outgoing ? 'Me' : other.name);
      const ccPerson = next() < 0.2 ? person(pick(i + 7)) : null;
      const cc = ccPerson ? [ccPerson.email] : [];
      rows.to.push(`{${outgoing ? `"${other.email}"` : `"${OWN}"`}}`);
      rows.cc.push(`{${cc.map((address) => `"${address}"`).join(',')}}`);
      // Every recipient named, as a mail client writes To and Cc (the worst case for the names the build reads).
      rows.names.push(
        JSON.stringify({
          [outgoing ? other.email : OWN]: outgoing ? other.name : 'Me',
          ...(ccPerson ? { [ccPerson.email]: ccPerson.name } : {}),
        }),
      );
      rows.date.push(new Date(start + (span * i) / EMAILS).toISOString());
      rows.outgoing.push(outgoing);
      rows.body.push(
        `${bodies[i % bodies.length]}\n\n${other.name}\nSenior Analyst\nPhone: (713) 555-${String(i % 10_000).padStart(4, '0')}`,
      );
      if (!outgoing) incomingIds.push(key);
    }
    await pool.query(
      `insert into emails (user_id, email_account_id, message_key, message_id, in_reply_to, subject, sender_email, sender_name,
         recipient_emails, cc_emails, recipient_names, received_date, is_outgoing, body_text, folder_name)
       select $1, $2, k, k, r, s, se, sn, t::text[], c::text[], n::jsonb, d, o, b, case when o then 'Sent' else 'INBOX' end
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $13::text[], $10::timestamptz[], $11::boolean[], $12::text[])
         as x(k, r, s, se, sn, t, c, n, d, o, b)`,
      [
        userId,
        accountId,
        rows.key,
        rows.inReplyTo,
        rows.subject,
        rows.sender,
        rows.senderName,
        rows.to,
        rows.cc,
        rows.date,
        rows.outgoing,
        rows.body,
        rows.names,
      ],
    );
  }
  await pool.query('vacuum analyze emails');
  process.stdout.write(`Seeded ${EMAILS.toLocaleString('en')} emails in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  // A running server has built contact books before: warm the code up on a small second account
  // (5,000 of the same emails) so the first build below measures the work, not the JIT.
  const {
    rows: [warmAccount],
  } = await pool.query<{ id: string }>(
    `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, 'warm@penman-bench.com', 'exchange', 'warm') returning id`,
    [userId],
  );
  await pool.query(
    `insert into emails (user_id, email_account_id, message_key, message_id, in_reply_to, subject, sender_email, sender_name,
       recipient_emails, cc_emails, recipient_names, received_date, is_outgoing, body_text, folder_name)
     select user_id, $2, message_key, message_id, in_reply_to, subject, sender_email, sender_name, recipient_emails, cc_emails,
       recipient_names, received_date, is_outgoing, body_text, folder_name
     from emails where email_account_id = $1 order by received_date limit 5000`,
    [accountId, warmAccount!.id],
  );
  await rebuildContacts({ db, userId, accountId: warmAccount!.id });

  const runs: number[] = [];
  let contactsCount = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    contactsCount = await rebuildContacts({ db, userId, accountId });
    runs.push(performance.now() - t0);
  }
  await pool.query('vacuum analyze contacts, contact_statistics');
  process.stdout.write(
    `Rebuild (${contactsCount.toLocaleString('en')} contacts): first ${runs[0]!.toFixed(0)} ms (insert), then ${runs[1]!.toFixed(0)} ms and ${runs[2]!.toFixed(0)} ms (update)\n`,
  );

  const measure = async (label: string, filters: Parameters<typeof listContacts>[0]['filters']) => {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 120; run++) {
      const t0 = performance.now();
      const result = await listContacts({ db, userId, accountId, filters });
      const elapsed = performance.now() - t0;
      total = result.pagination.totalCount;
      if (run >= 20) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    process.stdout.write(`| ${label} | ${total.toLocaleString('en')} | ${p(0.5)} ms | ${p(0.95)} ms |\n`);
  };
  process.stdout.write('\n| listing (20 a page) | matches | p50 | p95 |\n| --- | --- | --- | --- |\n');
  await measure('first page, no filter', { limit: 20, offset: 0 });
  await measure('page 500', { limit: 20, offset: 10_000 });
  await measure("search 'garcía' (name, accent-insensitive)", { search: 'garcía', limit: 20, offset: 0 });
  await measure("search 'lena.rossi.1' (address)", { search: 'lena.rossi.1', limit: 20, offset: 0 });
  await measure("search 'globex' (company)", { search: 'globex', limit: 20, offset: 0 });
  await measure('company filter Acme', { company: 'Acme', limit: 20, offset: 0 });
  await measure('strength filter low', { strength: 'low', limit: 20, offset: 0 });
  await measure("search 'ann' + company Hooli + strength low", { search: 'ann', company: 'Hooli', strength: 'low', limit: 20, offset: 0 });
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
