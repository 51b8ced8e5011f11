/** What an imported file is, from its first bytes: an mbox starts with 'From ', a zip with 'PK\x03\x04'. */
export type MailboxFileKind = 'mbox' | 'zip';

export const SNIFF_BYTES = 5;

const MBOX_MAGIC = Buffer.from('From ', 'latin1');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function sniffMailboxFile(head: Uint8Array): MailboxFileKind | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.subarray(0, MBOX_MAGIC.length).equals(MBOX_MAGIC)) return 'mbox';
  if (bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'zip';
  return null;
}
