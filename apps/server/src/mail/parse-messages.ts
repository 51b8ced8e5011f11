import { type ParsedMessage, parseMessage } from './engine/parse-message.ts';

/** Parses a batch in this thread (tests, small batches). */
export async function parseInline(raws: Uint8Array[]): Promise<ParsedMessage[]> {
  return Promise.all(raws.map((raw) => parseMessage(raw)));
}
