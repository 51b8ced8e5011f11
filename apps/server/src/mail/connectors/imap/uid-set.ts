/** A UID set with runs packed (`1:500,502`): a whole folder's ids stay one short command line. */
export function uidSet(ids: string[]): string {
  const uids = ids.map(Number).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < uids.length; ) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1]! <= uids[j]! + 1) j++;
    parts.push(uids[i] === uids[j] ? String(uids[i]) : `${uids[i]}:${uids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}
