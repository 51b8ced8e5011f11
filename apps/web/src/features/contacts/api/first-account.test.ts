import { describe, expect, it } from 'vitest';
import { firstAccount } from './first-account.ts';

const account = (id: string, createdAt: string) => ({ id, emailAddress: `${id}@example.com`, createdAt });

describe('firstAccount', () => {
  it('is the oldest account, whatever the order', () => {
    const accounts = [
      account('newest', '2025-03-01T00:00:00Z'),
      account('middle', '2025-02-01T00:00:00Z'),
      account('oldest', '2025-01-01T00:00:00Z'),
    ];
    expect(firstAccount(accounts)?.id).toBe('oldest');
    expect(firstAccount([...accounts].reverse())?.id).toBe('oldest');
  });
  it('breaks a tie by the server order (newest first: the last one)', () => {
    expect(firstAccount([account('b', '2025-01-01T00:00:00Z'), account('a', '2025-01-01T00:00:00Z')])?.id).toBe('a');
  });
  it('is null without accounts', () => {
    expect(firstAccount([])).toBeNull();
  });
});
