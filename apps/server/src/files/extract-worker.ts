// Runs in a worker thread of the reading process (extract-process.ts): a file that takes all memory
// or time ends this thread and that process, not the server.
import { extractBlocks } from './extract-text.ts';

export default extractBlocks;
