// Runs in a worker thread: parses a chunk of raw messages so the main thread keeps downloading
// and inserting.
import { parseMessage } from './engine/parse-message.ts';

export default async function parseChunk(raws: Uint8Array[]) {
  return Promise.all(raws.map((raw) => parseMessage(raw)));
}
