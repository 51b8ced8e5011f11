import { EMAIL_MESSAGES } from '@penman/contract';

/** 'Carla Finch <cfo@finance.example>', or whichever of the two is known. */
export function formatSender(name: string | null, email: string | null): string {
  const trimmed = name?.trim();
  if (trimmed && email && trimmed.toLowerCase() !== email.toLowerCase()) return `${trimmed} <${email}>`;
  return trimmed || email || EMAIL_MESSAGES.unknownSender;
}

/** 'Page 2 of 5 • 117 emails' for an offset-paged list. */
export function pageInfo(offset: number, limit: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
  return { page, pages, hasPrevious: offset > 0, hasNext: offset + limit < total };
}
