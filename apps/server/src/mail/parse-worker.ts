// Runs in a worker thread: parses a chunk of raw messages so the main thread keeps downloading
// and inserting.
import { useConcatBlob } from './engine/concat-blob.ts';
import { parseMessage } from './engine/parse-message.ts';

useConcatBlob();

export default async function parseChunk(raws: Uint8Array[]) {
  return Promise.all(raws.map((raw) => parseMessage(raw)));
}
