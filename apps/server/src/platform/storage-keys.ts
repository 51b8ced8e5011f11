import path from 'node:path';

/** Storage keys: relative, '/'-separated names of stored files, checked before any driver uses them. */

/** A key is relative, '/'-separated, without empty, '.' or '..' segments or control characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\\') ||
    path.isAbsolute(key) ||
    Array.from(key).some((ch) => ch.charCodeAt(0) < 0x20) ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A file name safe to use as the last segment of a key, from a name a browser sent. */
export function safeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKC')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[.]+/, '')
    .slice(-120);
  return cleaned && cleaned !== '_' ? cleaned : fallback;
}
