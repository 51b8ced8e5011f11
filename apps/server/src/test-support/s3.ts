import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3Server = { url: string; bucket: string; folder: string; stop: () => Promise<void> };

/**
 * A real S3-compatible server for a test file (s3rver: the S3 REST API over a folder, signatures
 * checked), on a free port with one bucket. `url` is what STORAGE_URL would hold.
 */
export async function startS3(bucket = 'penman-files'): Promise<S3Server> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    url: `s3://${bucket}?endpoint=http://127.0.0.1:${port}`,
    bucket,
    folder,
    stop: async () => {
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
