import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

/** Passages shown for a question. */
const PASSAGES_SHOWN = 5;

/** The passages of the account's knowledge base that answer a question, best first: what Penman would quote. */
export async function searchKnowledge(accountId: string, question: string) {
  const { passages } = await unwrap(
    api.accounts[':id'].knowledge.search.$get({ param: { id: accountId }, query: { q: question, limit: String(PASSAGES_SHOWN) } }),
  );
  return passages;
}

export const knowledgeSearchQueryOptions = (accountId: string, question: string) =>
  queryOptions({ queryKey: filesKeys.search(accountId, question), queryFn: () => searchKnowledge(accountId, question) });

/** Runs once there is a question; the passages of the last question stay on screen while the next one loads. */
export function useKnowledgeSearch(accountId: string, question: string) {
  return useQuery({
    ...knowledgeSearchQueryOptions(accountId, question),
    enabled: question.length > 0,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
