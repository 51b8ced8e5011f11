import { MICROSOFT_MESSAGES } from '@penman/contract';
import type { SecretBox } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import {
  type MicrosoftAccountRef,
  MicrosoftGrantError,
  type MicrosoftMail,
  type MicrosoftOAuth,
  MicrosoftTokenError,
  type MicrosoftTokenSet,
} from '../platform/microsoft.ts';
import * as repo from './repo.ts';

// The access tokens of outlook accounts (issue 22), for the sync, the watcher and delivery. Built
// once per process by deps.ts; imports no other area, so deps.ts may build it.

/** A cached access token is refreshed this long before it expires (Microsoft's live about an hour). */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** Microsoft's answers that mean the refresh token will never work again: the user must consent anew. */
const RECONNECT_ERRORS = new Set(['invalid_grant', 'interaction_required', 'consent_required', 'login_required']);

type CachedToken = {
  accessToken: string;
  expiresAt: number;
  /** The encrypted refresh tokens this access token stands for (the one refreshed from, and its rotation). */
  refreshTokens: Set<string>;
};

/**
 * Access tokens per outlook account, cached in this process until shortly before they expire (never
 * stored, never logged). A refresh reads the stored refresh token, and stores the rotated one
 * Microsoft returns (encrypted, only if the stored token is still the one refreshed from).
 * Concurrent callers share one refresh.
 */
export function createMicrosoftMail({ db, secretBox, oauth }: { db: Db; secretBox: SecretBox; oauth: MicrosoftOAuth }): MicrosoftMail {
  const cache = new Map<string, CachedToken>();
  const refreshing = new Map<string, Promise<string>>();

  async function refresh(account: MicrosoftAccountRef): Promise<string> {
    const current = (await repo.findRefreshToken(db, account.userId, account.id)) ?? account.encryptedPassword;
    if (!current) throw new MicrosoftTokenError('AUTH', MICROSOFT_MESSAGES.reconnectNeeded);
    let tokens: MicrosoftTokenSet;
    try {
      tokens = await oauth.refresh(secretBox.decrypt(current));
    } catch (error) {
      if (error instanceof MicrosoftGrantError && RECONNECT_ERRORS.has(error.error)) {
        cache.delete(account.id);
        throw new MicrosoftTokenError('AUTH', MICROSOFT_MESSAGES.reconnectNeeded);
      }
      const reason = error instanceof MicrosoftGrantError ? error.error : error instanceof Error ? error.message : String(error);
      throw new MicrosoftTokenError('TEMPORARY', `Microsoft sign-in did not answer: ${reason}`);
    }
    const known = new Set([current]);
    if (account.encryptedPassword) known.add(account.encryptedPassword);
    if (tokens.refreshToken) {
      const rotated = secretBox.encrypt(tokens.refreshToken);
      if (await repo.storeRotatedRefreshToken(db, account.userId, account.id, current, rotated)) known.add(rotated);
    }
    cache.set(account.id, { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt, refreshTokens: known });
    return tokens.accessToken;
  }

  return {
    oauth,
    async accessToken(account, options = {}) {
      if (!account.encryptedPassword) throw new MicrosoftTokenError('AUTH', MICROSOFT_MESSAGES.reconnectNeeded);
      const cached = cache.get(account.id);
      if (!options.renew && cached?.refreshTokens.has(account.encryptedPassword) && cached.expiresAt - REFRESH_MARGIN_MS > Date.now())
        return cached.accessToken;
      const pending = refreshing.get(account.id);
      if (pending) return pending;
      const started = refresh(account).finally(() => refreshing.delete(account.id));
      refreshing.set(account.id, started);
      return started;
    },
    remember(accountId, encryptedRefreshToken, tokens) {
      cache.set(accountId, {
        accessToken: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        refreshTokens: new Set([encryptedRefreshToken]),
      });
    },
  };
}
