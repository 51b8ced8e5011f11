// Runs in a worker thread of its own (text-extractor.ts): a file that takes all memory or time
// ends this thread, not the server.
import { extractBlocks } from './extract-text.ts';

export default extractBlocks;
