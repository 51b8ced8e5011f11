/**
 * ROUGE-L F1 (Lin, 2004): the longest common subsequence of two texts' words, as precision against
 * the candidate's length and recall against the reference's, combined as their harmonic mean.
 * Words are lower-cased letters and digits; punctuation and layout do not count. Used by the
 * drafting quality bench to compare a draft with the reply the user really wrote.
 */

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function lcsLength(a: string[], b: string[]): number {
  // One row of the dynamic-programming table at a time: O(|a|·|b|) time, O(|b|) memory.
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}

/** ROUGE-L F1 of `candidate` against `reference`, 0..1 (0 when either has no words). */
export function rougeL(candidate: string, reference: string): number {
  const a = tokens(candidate);
  const b = tokens(reference);
  if (a.length === 0 || b.length === 0) return 0;
  const lcs = lcsLength(a, b);
  if (lcs === 0) return 0;
  const precision = lcs / a.length;
  const recall = lcs / b.length;
  return (2 * precision * recall) / (precision + recall);
}
