/**
 * The policy of every response that hands over stored or mail bytes (uploaded files, a mailbox's
 * original message, a reply as .eml, the data export): whatever the bytes are, a browser that
 * opens them as a page runs no script, gets an origin of its own (not Penman's) and loads nothing.
 * `securityHeaders` keeps a policy a handler set, so this one replaces the app's on these answers.
 */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'";

/**
 * The JavaScript MIME type essences of the WHATWG MIME Sniffing Standard: with `nosniff`, a
 * browser runs a response as a script only under one of these. A stored file declaring one
 * (the uploader's type, or a mail attachment's) is served as bytes, so it can never be a script
 * source of Penman's origin.
 */
const JAVASCRIPT_MIME_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

function servedType(contentType: string): string {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return JAVASCRIPT_MIME_TYPES.has(essence) ? 'application/octet-stream' : contentType;
}

/** `attachment` with the file's name, safely quoted (RFC 6266 / 5987). */
function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The headers of a download: its type (never a script's), a file to save, never cached, sandboxed. */
export function downloadHeaders({
  contentType,
  filename,
  size,
}: {
  contentType: string;
  filename: string;
  size?: number | undefined;
}): Record<string, string> {
  return {
    'Content-Type': servedType(contentType),
    'Content-Disposition': attachmentDisposition(filename),
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': DOWNLOAD_CSP,
    ...(size === undefined ? {} : { 'Content-Length': String(size) }),
  };
}
