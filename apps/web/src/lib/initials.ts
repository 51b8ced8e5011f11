/**
 * Up to two letters for an avatar (the spec's initials: at most 2 letters): the first letters of
 * the first two words of the name. A name that is an address uses its local part, split on dots,
 * dashes and underscores ('phillip.allen@…' → 'PA').
 */
export function initials(name: string): string {
  const text = name.includes('@') ? (name.split('@')[0] ?? '') : name;
  const letters = text
    .split(/[\s._-]+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean);
  return letters.slice(0, 2).join('').toUpperCase();
}
