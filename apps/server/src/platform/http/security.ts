import { secureHeaders } from 'hono/secure-headers';

/**
 * Scripts only from our own origin (no inline scripts), no framing of Penman by others, no MIME
 * sniffing. Styles allow inline because toast and dialog libraries set style elements at runtime.
 * A header a handler set is kept: downloads answer with their own, stricter policy (download.ts).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // http(s) images: the mail view's srcdoc frame inherits this policy, so "Load remote images"
    // needs them here; the frame's own CSP blocks them until the user asks (img-src only: no script).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  // The Gmail consent popup reports back to the page that opened it.
  crossOriginOpenerPolicy: 'same-origin-allow-popups',
  overwrite: false,
});
