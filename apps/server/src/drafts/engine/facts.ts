/**
 * Facts a draft states: numbers, amounts, percentages, clock times and dates. A draft must never
 * state one that none of its sources holds (the thread, the knowledge passages, the user's past
 * replies): an engine that invents "$450" or "March 3" puts words in the user's mouth.
 *
 * A fact is compared by its digits, not its spelling: "$1,200.00", "1200" and "1,200" are one
 * fact; "10:30am" and "10:30 AM" too. Month-name dates ("March 3") are compared by the day number
 * (the month name alone states nothing checkable).
 */

/**
 * A number as written: optional currency, digits with thousands separators and decimals, a date or
 * time's other parts ("10/30/01", "10:30", "713-851-2499"), optional unit.
 */
const FACT =
  /(?:[$€£¥]\s?)?(?<![\p{L}\d])\d+(?:[,.]\d+)*(?:[/:-]\d+)*(?:\s?(?:%|percent|k|m|bn|million|billion|usd|eur|gbp|dollars?|euros?|am|pm|a\.m\.|p\.m\.))?(?![\p{L}\d])/giu;

export type Fact = { text: string; key: string };

/** The digits of a number, thousands separators and trailing ".00" dropped: the key facts are compared by. */
function keyOf(text: string): string {
  const digits = text.replace(/[^\d.,:/-]/g, '');
  return digits
    .replace(/,(?=\d{3}\b)/g, '')
    .replace(/\.0+$/, '')
    .replace(/[.,]+$/, '');
}

/**
 * The facts of a text. Bare list markers ("1." at a line start) and ordinal-looking single digits
 * in them are no facts: they number the draft's own points.
 */
export function factsOf(text: string): Fact[] {
  const out: Fact[] = [];
  for (const line of text.split('\n')) {
    const body = line.replace(/^\s*\d{1,2}[.)]\s+/, '');
    for (const match of body.matchAll(FACT)) {
      const raw = match[0].trim().replace(/[.,]+$/, '');
      const key = keyOf(raw);
      if (key) out.push({ text: raw, key });
    }
  }
  return out;
}

/** Every fact key of a set of texts, plus each number inside a date or time ("10/30/01" gives 10, 30, 01). */
export function factKeys(texts: string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of texts) {
    for (const fact of factsOf(text)) {
      keys.add(fact.key);
      for (const part of fact.key.split(/[/:.\-,]/)) if (part) keys.add(part.replace(/^0+(?=\d)/, ''));
    }
  }
  return keys;
}

/** A fact is sourced when its key, or each of its parts (a date written differently), is among the sources' keys. */
export function isSourced(fact: Fact, keys: Set<string>): boolean {
  if (keys.has(fact.key)) return true;
  const parts = fact.key
    .split(/[/:.\-,]/)
    .filter(Boolean)
    .map((part) => part.replace(/^0+(?=\d)/, ''));
  return parts.length > 1 && parts.every((part) => keys.has(part));
}

/** The facts of `text` that none of the sources states, each once, as written. */
export function unsourcedFacts(text: string, sources: string[], allowed: string[] = []): string[] {
  const keys = factKeys(sources);
  for (const key of allowed) keys.add(key);
  const out: string[] = [];
  for (const fact of factsOf(text)) if (!isSourced(fact, keys) && !out.includes(fact.text)) out.push(fact.text);
  return out;
}
