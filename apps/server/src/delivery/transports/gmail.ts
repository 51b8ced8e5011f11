import type { gmail_v1 } from '@googleapis/gmail';
import { createGmailApi, createOAuthClient, type GoogleConfig } from '../../platform/google.ts';

// Gmail's API for delivery: users.messages.send and users.drafts.create (raw base64url, in the
// thread of the mail answered), and the rfc822msgid: search that makes a retry safe.

export function gmailApi(config: GoogleConfig, refreshToken: string): gmail_v1.Gmail {
  const client = createOAuthClient(config);
  client.setCredentials({ refresh_token: refreshToken });
  return createGmailApi(config, client);
}

/** The first message (id, thread) whose Message-ID header is this one, drafts included; null when none. */
export async function findGmailMessage(api: gmail_v1.Gmail, messageId: string): Promise<{ id: string; threadId: string | null } | null> {
  const { data } = await api.users.messages.list({ userId: 'me', q: `rfc822msgid:${messageId}`, maxResults: 1, includeSpamTrash: true });
  const found = data.messages?.[0];
  return found?.id ? { id: found.id, threadId: found.threadId ?? null } : null;
}

export async function sendGmail(api: gmail_v1.Gmail, raw: Buffer, threadId: string | null) {
  const { data } = await api.users.messages.send({
    userId: 'me',
    requestBody: { raw: raw.toString('base64url'), ...(threadId ? { threadId } : {}) },
  });
  return { id: data.id ?? null, threadId: data.threadId ?? threadId };
}

export async function createGmailDraft(api: gmail_v1.Gmail, raw: Buffer, threadId: string | null) {
  const { data } = await api.users.drafts.create({
    userId: 'me',
    requestBody: { message: { raw: raw.toString('base64url'), ...(threadId ? { threadId } : {}) } },
  });
  return { id: data.id ?? null, threadId: data.message?.threadId ?? threadId };
}
