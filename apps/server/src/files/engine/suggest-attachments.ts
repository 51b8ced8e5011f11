/**
 * Which files of the attachment library fit an incoming email, and why. Three kinds of evidence,
 * each worth 0..1: the file's name (its words the email uses), its text (for a file that is also a
 * knowledge document: how well its best passage answers the email), and history (the user attached
 * a file of that name when replying to similar mail). Pure; the service gathers the evidence.
 */

export type SuggestionReason = 'name' | 'content' | 'history';

export type LibraryFile = { id: string; filename: string; nameLexemes: string[]; knowledgeDocumentId: string | null };
export type PassageEvidence = { documentId: string; score: number };
export type HistoryEvidence = { filename: string; similarity: number; replies: number };

/** A passage BM25 score that counts half (towards 1 above it); a passage matching one common word of the email scores about 2. */
const HALF_CONTENT_SCORE = 10;
/** A likeness (ts_rank_cd, normalised 0..1) of a replied-to email that counts half. */
const HALF_HISTORY_SIMILARITY = 0.05;
/** Below this total a file is no suggestion. */
export const MIN_SUGGESTION_SCORE = 0.25;

const saturate = (value: number, half: number) => value / (value + half);

/** How a file's name is compared: lower case, without its extension. */
export function nameKey(filename: string): string {
  return filename
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,10}$/, '')
    .trim();
}

export function scoreSuggestions(
  files: LibraryFile[],
  emailLexemes: ReadonlySet<string>,
  passages: PassageEvidence[],
  history: HistoryEvidence[],
): { id: string; score: number; reasons: SuggestionReason[] }[] {
  const bestPassage = new Map<string, number>();
  for (const { documentId, score } of passages) bestPassage.set(documentId, Math.max(bestPassage.get(documentId) ?? 0, score));
  const byName = new Map<string, number>();
  for (const { filename, similarity, replies } of history) {
    // A file sent in several replies to similar mail counts more than one sent once.
    const evidence = Math.min(1, saturate(similarity, HALF_HISTORY_SIMILARITY) * (1 + Math.log(Math.max(1, replies)) / 2));
    byName.set(nameKey(filename), Math.max(byName.get(nameKey(filename)) ?? 0, evidence));
  }
  return files
    .map((file) => {
      const words = file.nameLexemes.filter((lexeme) => !/^\d+$/.test(lexeme));
      const name = words.length ? words.filter((lexeme) => emailLexemes.has(lexeme)).length / words.length : 0;
      const passage = file.knowledgeDocumentId ? bestPassage.get(file.knowledgeDocumentId) : undefined;
      const content = passage ? saturate(passage, HALF_CONTENT_SCORE) : 0;
      const replied = byName.get(nameKey(file.filename)) ?? 0;
      const evidence: [SuggestionReason, number][] = [
        ['name', name],
        ['content', content],
        ['history', replied],
      ];
      return {
        id: file.id,
        score: Math.round((name + content + replied) * 1000) / 1000,
        reasons: evidence.filter(([, value]) => value > 0).map(([reason]) => reason),
      };
    })
    .filter((suggestion) => suggestion.score >= MIN_SUGGESTION_SCORE)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
