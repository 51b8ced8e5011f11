import type { S3ClientConfig } from '@aws-sdk/client-s3';

export type S3Location = { bucket: string; prefix: string; client: S3ClientConfig };

/**
 * `s3://bucket[/prefix]?endpoint=https://...&region=...&forcePathStyle=true`; credentials are the
 * STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY settings, else the SDK's own chain (instance
 * roles, AWS_* variables). Answers a message for a URL it cannot use.
 */
export function parseStorageUrl(url: string, credentials?: { accessKeyId: string; secretAccessKey: string }): S3Location | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be a URL such as s3://bucket?endpoint=https://s3.example.com';
  }
  if (parsed.protocol !== 's3:') return 'only s3:// URLs are supported (local disk is the default when unset)';
  const bucket = parsed.hostname;
  if (!bucket) return 'names no bucket (s3://bucket?...)';
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) return 'endpoint must be an http(s) URL';
  const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix,
    client: {
      region: parsed.searchParams.get('region') ?? 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      // Path-style by default with a custom endpoint (MinIO, Garage, Ceph, ...): bucket in the path.
      forcePathStyle: parsed.searchParams.get('forcePathStyle') !== 'false' && Boolean(endpoint),
      ...(credentials ? { credentials } : {}),
    },
  };
}
