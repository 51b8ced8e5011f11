import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';

const t = await createTestApp();
const PASSWORD = 'correct-horse-1';

const patchProfile = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/settings/profile', { method: 'PATCH', cookie, json });

describe('the Profile section', () => {
  it('saves names, and the session (the sidebar) shows them at once', async () => {
    const { cookie } = await t.signUpAndIn('nora@example.com');
    expect(await (await t.request('/api/settings/profile', { cookie })).json()).toEqual({
      profile: { firstName: 'Test', lastName: 'User', email: 'nora@example.com' },
    });
    const response = await patchProfile(cookie, { firstName: ' Nora ', lastName: 'Quill', email: 'nora@example.com' });
    expect(await response.json()).toEqual({ profile: { firstName: 'Nora', lastName: 'Quill', email: 'nora@example.com' } });
    const session = await (await t.request('/api/auth/get-session', { cookie })).json();
    expect(session.user).toMatchObject({ firstName: 'Nora', lastName: 'Quill' });
    // Empty names are allowed (the sidebar then shows the email).
    expect((await patchProfile(cookie, { firstName: '', lastName: '', email: 'nora@example.com' })).status).toBe(200);
  });

  it('changes the sign-in email only with the current password', async () => {
    const { cookie } = await t.signUpAndIn('owen@example.com');
    const missing = await patchProfile(cookie, { firstName: 'Owen', lastName: 'O', email: 'owen.new@example.com' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({
      currentPassword: 'Enter your current password to change your sign-in email',
    });
    const wrong = await patchProfile(cookie, {
      firstName: 'Owen',
      lastName: 'O',
      email: 'owen.new@example.com',
      currentPassword: 'nope-nope',
    });
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'Current password is incorrect' });

    const saved = await patchProfile(cookie, {
      firstName: 'Owen',
      lastName: 'O',
      email: 'Owen.New@Example.com',
      currentPassword: PASSWORD,
    });
    expect((await saved.json()).profile.email).toBe('owen.new@example.com');
    const old = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'owen@example.com', password: PASSWORD } });
    expect(old.status).toBe(401);
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'owen.new@example.com', password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses an email another account signs in with, and an invalid one (the spec message)', async () => {
    await t.signUpAndIn('taken@example.com');
    const { cookie } = await t.signUpAndIn('pia@example.com');
    const taken = await patchProfile(cookie, { firstName: 'P', lastName: 'P', email: 'TAKEN@example.com', currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.fields).toEqual({ email: 'An account with this email already exists.' });
    const invalid = await patchProfile(cookie, { firstName: 'P', lastName: 'P', email: 'pia@' });
    expect((await invalid.json()).error.fields).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('Account information', () => {
  it('tells created, last sign-in, mailboxes, estimated storage and the Free Plan', async () => {
    const { cookie, user } = await t.signUpAndIn('ines@example.com');
    const before = await (await t.request('/api/settings/account', { cookie })).json();
    expect(before).toMatchObject({ connectedMailboxes: 0, plan: 'Free Plan', twoFactorEnabled: false, storage: { fileBytes: 0 } });
    expect(Date.parse(before.createdAt)).toBeLessThanOrEqual(Date.parse(before.lastSignInAt));

    const accountId = await t.insertEmailAccount(user.id, 'ines@example.com');
    await t.database.pool.query(
      `insert into emails (user_id, email_account_id, message_key, subject, body_text)
       select $1, $2, 'storage-' || n, 'Hello', repeat('words ', 200) from generate_series(1, 50) n`,
      [user.id, accountId],
    );
    await t.database.pool.query(
      `insert into knowledge_documents (user_id, email_account_id, filename, file_path, file_size, file_type)
       values ($1, $2, 'prices.pdf', 'knowledge-documents/x/y/1-prices.pdf', 12345, 'pdf')`,
      [user.id, accountId],
    );
    const after = await (await t.request('/api/settings/account', { cookie })).json();
    expect(after.connectedMailboxes).toBe(1);
    expect(after.storage.fileBytes).toBe(12345);
    expect(after.storage.databaseBytes).toBeGreaterThan(before.storage.databaseBytes);
    expect(after.storage.totalBytes).toBe(after.storage.databaseBytes + after.storage.fileBytes);

    // Another user's mail and files are not in it.
    const other = await t.signUpAndIn('other-ines@example.com');
    const theirs = await (await t.request('/api/settings/account', { cookie: other.cookie })).json();
    expect(theirs.storage.fileBytes).toBe(0);
    expect(theirs.storage.databaseBytes).toBeLessThan(after.storage.databaseBytes);
  });
});
