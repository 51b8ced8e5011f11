import { randomBytes } from 'node:crypto';
import type { Signer } from './crypto.ts';

/**
 * The OAuth consent's `state` for Gmail and Microsoft: `{ email, nonce }` as JSON, the nonce being
 * `random.expiry.signature` with the signature binding the purpose, the user, the address, the
 * random part and the expiry. Nothing is stored: only this server can make a nonce that verifies,
 * and only for this user, this purpose and until it expires.
 */
function signedPayload(purpose: string, userId: string, email: string, random: string, expiresAt: number) {
  return JSON.stringify([purpose, userId, email, random, expiresAt]);
}

type StateParams = { signer: Signer; purpose: string; userId: string };

export function createOAuthState({
  signer,
  purpose,
  userId,
  email,
  ttlMs,
  now = Date.now(),
}: StateParams & {
  email: string;
  ttlMs: number;
  now?: number;
}): string {
  const random = randomBytes(16).toString('base64url');
  const expiresAt = Math.floor((now + ttlMs) / 1000);
  const nonce = `${random}.${expiresAt}.${signer.sign(signedPayload(purpose, userId, email, random, expiresAt))}`;
  return JSON.stringify({ email, nonce });
}

/**
 * The state's email and its signed random part when the state is this user's, for this purpose,
 * unaltered and unexpired; else null. The random part is secret-bound (only a verified state
 * yields it), so a caller may derive per-flow secrets from it (the Microsoft PKCE verifier).
 */
export function verifyOAuthState({
  signer,
  purpose,
  userId,
  state,
  now = Date.now(),
}: StateParams & {
  state: string;
  now?: number;
}): { email: string; random: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { email, nonce } = parsed as { email?: unknown; nonce?: unknown };
  if (typeof email !== 'string' || typeof nonce !== 'string') return null;
  const [random, expiry, signature, ...extra] = nonce.split('.');
  if (!random || !expiry || !signature || extra.length > 0 || !/^\d+$/.test(expiry)) return null;
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= now) return null;
  return signer.verify(signedPayload(purpose, userId, email, random, expiresAt), signature) ? { email, random } : null;
}
