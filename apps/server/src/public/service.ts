import { type ContactRequest, PUBLIC_MESSAGES, type WaitlistRequest, ZContactRequest, ZWaitlistRequest } from '@penman/contract';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import * as repo from './repo.ts';

/** Submissions per client address and window: enough for a person, too few for a script. */
export const SUBMISSION_LIMITS = {
  waitlist: { max: 5, windowMs: 10 * 60 * 1000 },
  contact: { max: 5, windowMs: 10 * 60 * 1000 },
} as const;
export type SubmissionKind = keyof typeof SUBMISSION_LIMITS;

/** How long the contact form waits for the forwarding endpoint before giving up (the message is kept). */
export const CONTACT_FORWARD_TIMEOUT_MS = 10_000;

/** Counts a submission from `ip`; throws RATE_LIMITED past the limit. Every attempt counts, valid or not. */
export async function countSubmission({ db, kind, ip, now = Date.now() }: { db: Db; kind: SubmissionKind; ip: string; now?: number }) {
  const { max, windowMs } = SUBMISSION_LIMITS[kind];
  const hits = await hitRateLimit(db, `public:${kind}:${ip}`, windowMs, now);
  if (hits > max) throw new AppError('RATE_LIMITED', PUBLIC_MESSAGES.rateLimited);
}

/** Adds someone to the waitlist; a second entry for the same email is a CONFLICT on the email field. */
export async function joinWaitlist({ db, input, ip }: { db: Db; input: WaitlistRequest; ip: string }) {
  const { name, email, howHeard } = parseInput(ZWaitlistRequest, input);
  const row = await repo.insertWaitlistEntry(db, { name, email, howHeard: howHeard ?? null, ip });
  if (!row) {
    throw new AppError('CONFLICT', PUBLIC_MESSAGES.waitlistDuplicate, { fields: { email: PUBLIC_MESSAGES.waitlistDuplicate } });
  }
  return { joined: true as const };
}

export async function countWaitlist({ db }: { db: Db }) {
  return { count: await repo.countWaitlistEntries(db) };
}

export async function listWaitlist({ db }: { db: Db }) {
  return repo.listWaitlistEntries(db);
}

export async function listContactMessages({ db }: { db: Db }) {
  return repo.listContactMessages(db);
}

/**
 * Stores a contact-form message, then forwards it to `forwardUrl` (a form-collection endpoint:
 * multipart form, Accept JSON) when one is configured. The stored row is what counts: a failed
 * forward is recorded on it (`forward_error`) and never fails the submission.
 */
export async function sendContactMessage({
  db,
  input,
  ip,
  forwardUrl,
  forwardTimeoutMs = CONTACT_FORWARD_TIMEOUT_MS,
}: {
  db: Db;
  input: ContactRequest;
  ip: string;
  forwardUrl?: string | undefined;
  forwardTimeoutMs?: number;
}) {
  const message = parseInput(ZContactRequest, input);
  const row = await repo.insertContactMessage(db, { ...message, ip });
  if (forwardUrl) {
    try {
      await forwardContactMessage(forwardUrl, message, forwardTimeoutMs);
      await repo.markContactMessageForwarded(db, row.id, new Date());
    } catch (error) {
      const reason = describeFailure(error);
      logger.warn({ id: row.id, reason }, 'contact message stored but not forwarded');
      await repo.markContactMessageForwardFailed(db, row.id, reason);
    }
  }
  return { received: true as const };
}

async function forwardContactMessage(url: string, message: ContactRequest, timeoutMs: number) {
  const form = new FormData();
  form.set('name', message.name);
  form.set('email', message.email);
  form.set('subject', message.subject);
  form.set('message', message.message);
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
}

/** Routes validate already; the CLI and jobs get the same rules and the same error shape. */
function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Invalid request', { fields });
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 500);
}
