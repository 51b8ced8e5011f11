import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline as pipe, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileMissingError, FileTooLargeError } from './file-errors.ts';
import { assertSafeKey } from './storage-keys.ts';
import type { S3Location } from './storage-url.ts';

/**
 * Where the user's files live (knowledge documents, the attachment library): local disk by
 * default, or any S3-compatible store (`STORAGE_URL=s3://bucket?endpoint=...`). Keys are relative
 * paths checked by `assertSafeKey`; a file is streamed in and out, never held whole in memory.
 */
export { FileMissingError, FileTooLargeError };

export type FileStore = {
  /** Streams `body` to `key`; past `maxBytes` it stops and throws `FileTooLargeError` (nothing is kept). */
  put: (
    key: string,
    body: Readable | AsyncIterable<Uint8Array>,
    options?: { contentType?: string; maxBytes?: number },
  ) => Promise<{ size: number }>;
  /** The file's bytes; throws `FileMissingError` when there is none. */
  get: (key: string) => Promise<Readable>;
  /** Deletes the file (missing is fine). */
  remove: (key: string) => Promise<void>;
  /** Deletes every file whose key starts with `prefix/` (missing is fine). */
  removePrefix: (prefix: string) => Promise<void>;
  /** Every key under `prefix/`, for tests and the data export. */
  list: (prefix: string) => Promise<string[]>;
};

/** Counts the bytes going through and fails once they pass `maxBytes`. */
function sizeLimit(maxBytes: number, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

const toStream = (body: Readable | AsyncIterable<Uint8Array>) => (body instanceof Readable ? body : Readable.from(body));

/** Files under one folder of this machine (DATA_DIR/files). */
export function createLocalFileStore(rootDir: string): FileStore {
  const root = path.resolve(rootDir);
  const absolute = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  };
  const removeEmptyParents = async (from: string) => {
    for (let dir = path.dirname(from); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        break;
      }
    }
  };
  return {
    async put(key, body, options = {}) {
      const target = absolute(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.${randomUUID()}.part`;
      const counted = { size: 0 };
      const handle = await fs.promises.open(partial, 'wx', 0o600);
      try {
        await pipeline(toStream(body), sizeLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, counted), handle.createWriteStream());
        await fs.promises.rename(partial, target);
      } catch (error) {
        await handle.close().catch(() => {});
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return { size: counted.size };
    },
    async get(key) {
      const file = absolute(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissingError(key);
        throw error;
      }
    },
    async remove(key) {
      const file = absolute(key);
      await fs.promises.rm(file, { force: true });
      await removeEmptyParents(file);
    },
    async removePrefix(prefix) {
      const folder = absolute(prefix);
      await fs.promises.rm(folder, { recursive: true, force: true });
      await removeEmptyParents(folder);
    },
    async list(prefix) {
      const folder = absolute(prefix);
      const entries = await fs.promises.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
  };
}

/** The AWS SDK's S3 client and multipart upload, loaded by the first call of an S3 store. */
type S3Sdk = {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  client: import('@aws-sdk/client-s3').S3Client;
};

/**
 * Files in an S3-compatible bucket, under the location's prefix. Large files go up in parts. The
 * AWS SDK is loaded on first use: about 6 MB of heap that a server storing on disk never needs
 * (issue 33, the sync's peak memory).
 */
export function createS3FileStore(location: S3Location): FileStore {
  let sdk: Promise<S3Sdk> | undefined;
  const loadSdk = () =>
    (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client(location.client),
    })));
  const { bucket } = location;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  const fromObjectKey = (key: string) => (location.prefix ? key.slice(location.prefix.length + 1) : key);
  const listKeys = async (prefix: string): Promise<string[]> => {
    const { s3, client } = await loadSdk();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: `${objectKey(prefix)}/`, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  const deleteObjects = async (keys: string[]) => {
    const { s3, client } = await loadSdk();
    for (let i = 0; i < keys.length; i += 1000) {
      await client.send(
        new s3.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  };
  return {
    async put(key, body, options = {}) {
      const { Upload, client } = await loadSdk();
      const counted = { size: 0 };
      // pipeline, not pipe: a failing source (a cut upload) must fail the upload too.
      const limited = pipe(toStream(body), sizeLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, counted), () => {});
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: limited,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        // Parts of 8 MB, two at a time: at most about 16 MB of a file in memory.
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        // A limit hit mid-way aborts the multipart upload; a finished small object is removed.
        await upload.abort().catch(() => {});
        await deleteObjects([objectKey(key)]).catch(() => {});
        throw limited.errored instanceof FileTooLargeError ? limited.errored : error;
      }
      return { size: counted.size };
    },
    async get(key) {
      const { s3, client } = await loadSdk();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new FileMissingError(key);
        throw error;
      }
    },
    remove: (key) => deleteObjects([objectKey(key)]),
    removePrefix: async (prefix) => deleteObjects(await listKeys(prefix)),
    list: async (prefix) => (await listKeys(prefix)).map(fromObjectKey).sort(),
  };
}
