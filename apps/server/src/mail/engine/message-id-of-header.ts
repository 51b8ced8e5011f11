import PostalMime from 'postal-mime';
import { normalizeMessageId } from './parse-message.ts';

/**
 * The Message-ID `parseMessage` gives a message, read from its Message-ID header lines alone (what
 * an IMAP `BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)]` returns): the same MIME parser and the same
 * normalization, so a message matched by it is the one stored under that key. Null when it has
 * none or the lines do not parse: then only the downloaded content can identify it.
 */
export async function messageIdOfHeader(headerLines: Uint8Array): Promise<string | null> {
  try {
    const email = await PostalMime.parse(headerLines);
    return normalizeMessageId(email.messageId);
  } catch {
    return null;
  }
}
