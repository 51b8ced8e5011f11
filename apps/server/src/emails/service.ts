import {
  ACCOUNT_MESSAGES,
  type EmailDetail,
  type EmailListItem,
  type ListEmailsResponse,
  ZEmailDetail,
  ZEmailListItem,
  type ZListEmailsQuery,
} from '@penman/contract';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };

/** Shown when an email id is not one of the user's (another user's id answers the same). */
export const EMAIL_NOT_FOUND = 'Email not found';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toListItem(row: repo.EmailListRecord): EmailListItem {
  return ZEmailListItem.parse({ ...row, receivedDate: iso(row.receivedDate) });
}

/**
 * The spec's emails read: the user's mail, an optional account of theirs (another user's account
 * answers 404 'Email account not found', like every route that names an account), an optional
 * search, newest first, paged with an exact total.
 */
export async function listEmails({ db, userId, query }: Scope & { query: z.output<typeof ZListEmailsQuery> }): Promise<ListEmailsResponse> {
  if (query.accountId && !(await repo.accountBelongsToUser(db, userId, query.accountId))) {
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  }
  const filter = { accountId: query.accountId, search: query.search || undefined };
  const page = { limit: query.limit, offset: query.offset };
  const { rows, total } = await repo.listEmails(db, userId, filter, page);
  return { emails: rows.map(toListItem), pagination: { totalCount: total, ...page } };
}

/** One email of the user in full (headers, attachments, text and HTML bodies). */
export async function getEmail({ db, userId, emailId }: Scope & { emailId: string }): Promise<EmailDetail> {
  const row = await repo.findEmail(db, userId, emailId);
  if (!row) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
  return ZEmailDetail.parse({ ...row, receivedDate: iso(row.receivedDate) });
}
