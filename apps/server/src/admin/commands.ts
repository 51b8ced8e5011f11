import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZEmail, ZFirstName, ZLastName, ZNewPassword } from '@penman/contract';
import { z } from 'zod';
import { openDeps } from '../deps.ts';
import type { Env } from '../env.ts';
import { AppError } from '../platform/errors.ts';
import { listContactMessages, listWaitlist } from '../public/service.ts';
import { disableTwoFactorByEmail, exportUserData, resetPasswordByEmail, userIdByEmailOrThrow } from '../settings/service.ts';
import { createInvitation, createUserWithPassword } from '../users/service.ts';

const ZCreateUser = z.object({ email: ZEmail, password: ZNewPassword, first: ZFirstName.optional(), last: ZLastName.optional() });
const ZResetPassword = z.object({ email: ZEmail, password: ZNewPassword.optional() });

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, describe: (path: string) => string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('VALIDATION', parsed.error.issues.map((i) => `${describe(i.path.join('.'))}: ${i.message}`).join('\n'));
  return parsed.data;
}

type Invocation = { command: string; args: string[]; options: Record<string, string | boolean | undefined> };

/** Each admin command; returns what to print. Throws AppError with a readable message. */
export async function runAdminCommand(env: Env, { command, args, options }: Invocation): Promise<string> {
  // The same dependencies as the server (no workers run here), beside it or on its own.
  const deps = await openDeps(env, { attachToRunningDatabase: true });
  try {
    const { db, auth } = deps;
    switch (command) {
      case 'create-user': {
        const parsed = ZCreateUser.safeParse(options);
        if (!parsed.success)
          throw new AppError('VALIDATION', parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
        const { email, password, first, last } = parsed.data;
        const user = await createUserWithPassword({
          db,
          auth,
          user: { email, password, firstName: first ?? null, lastName: last ?? null },
        });
        return `Created user ${user.email}`;
      }
      case 'invite': {
        const email = ZEmail.safeParse(args[0] ?? '');
        if (!email.success) throw new AppError('VALIDATION', `invite EMAIL: ${email.error.issues[0]?.message}`);
        const link = await createInvitation({ db, email: email.data, kind: 'invite', publicUrl: env.publicUrl });
        return `Sign-up link for ${email.data} (valid until ${link.expiresAt.toISOString()}, works once):\n${link.url}`;
      }
      case 'owner-link': {
        const link = await createInvitation({ db, email: null, kind: 'owner', publicUrl: env.publicUrl });
        return `Account set-up link (valid until ${link.expiresAt.toISOString()}, works once):\n${link.url}`;
      }
      case 'reset-password': {
        const parsed = parseOrThrow(ZResetPassword, { email: args[0] ?? '', password: options.password }, (path) =>
          path === 'email' ? 'reset-password EMAIL' : `--${path}`,
        );
        const { email, password } = { ...parsed, email: parsed.email.toLowerCase() };
        const result = await resetPasswordByEmail({ db, auth, email, password });
        return password
          ? `Password of ${email} changed; every session of theirs is signed out.`
          : `New password of ${email} (every session of theirs is signed out):\n${result.password}`;
      }
      case 'disable-2fa': {
        const email = parseOrThrow(
          ZResetPassword.pick({ email: true }),
          { email: args[0] ?? '' },
          () => 'disable-2fa EMAIL',
        ).email.toLowerCase();
        const { changed } = await disableTwoFactorByEmail({ db, email });
        return changed
          ? `Two-factor sign-in of ${email} is off; they sign in with their password alone.`
          : `Two-factor sign-in of ${email} was already off.`;
      }
      case 'export': {
        const email = parseOrThrow(ZResetPassword.pick({ email: true }), { email: args[0] ?? '' }, () => 'export EMAIL FILE').email;
        const file = args[1];
        if (!file) throw new AppError('VALIDATION', 'export EMAIL FILE: name the zip file to write');
        const userId = await userIdByEmailOrThrow(db, email);
        const target = path.resolve(file);
        const partial = `${target}.part`;
        try {
          await pipeline(await exportUserData({ db, files: deps.files, storage: deps.storage, userId }), fs.createWriteStream(partial));
          await fs.promises.rename(partial, target);
        } catch (error) {
          await fs.promises.rm(partial, { force: true });
          throw error;
        }
        const { size } = await fs.promises.stat(target);
        return `Data of ${email.toLowerCase()} written to ${target} (${size} bytes).`;
      }
      case 'waitlist': {
        const rows = await listWaitlist({ db });
        if (rows.length === 0) return 'The waitlist is empty.';
        return rows.map((row) => `${row.createdAt.toISOString()}  ${row.email}  ${row.name}  ${row.howHeard ?? ''}`.trimEnd()).join('\n');
      }
      case 'messages': {
        const rows = await listContactMessages({ db });
        if (rows.length === 0) return 'No contact messages.';
        return rows
          .map((row) => {
            const status = row.forwardedAt ? 'forwarded' : row.forwardError ? `not forwarded: ${row.forwardError}` : 'stored';
            const body = row.message.replace(/\r?\n/g, '\n    ');
            return `${row.createdAt.toISOString()}  ${row.name} <${row.email}>  ${status}\n  Subject: ${row.subject}\n    ${body}`;
          })
          .join('\n\n');
      }
      default:
        throw new AppError('BAD_REQUEST', `Unknown command "${command}". Run: npm run admin -- help`);
    }
  } finally {
    await deps.close();
  }
}
