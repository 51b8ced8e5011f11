import fs from 'node:fs';
import path from 'node:path';

/** The shared real-mail corpus, read in place (never copied into the project). */
export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/corpus');

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

/** Every message file of one Enron mailbox folder, e.g. ('allen-p', 'inbox'). */
export function enronFolder(user: string, folder: string): string[] {
  return listFiles(path.join(CORPUS_DIR, 'enron', user, folder));
}
