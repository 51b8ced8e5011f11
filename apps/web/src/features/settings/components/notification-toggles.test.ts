import { describe, expect, it } from 'vitest';
import { notificationToggles } from './notification-toggles.ts';

describe('notification switches', () => {
  it('say what the weekly summary and the email copies do, never "Coming soon"', () => {
    const toggles = notificationToggles('me@penman.test');
    const weekly = toggles.find((t) => t.key === 'weeklySummary')!;
    const email = toggles.find((t) => t.key === 'email')!;
    expect(weekly.hints.join(' ')).toMatch(/Every Monday/);
    expect(email.hints[0]).toMatch(/emailed to your sign-in address/);
    expect(email.hints[1]).toBe('Sent through me@penman.test.');
    for (const toggle of toggles) expect(toggle.hints.join(' ')).not.toMatch(/coming soon/i);
  });

  it('say under the email switch when no account can send', () => {
    const email = notificationToggles(null).find((t) => t.key === 'email')!;
    expect(email.hints[1]).toBe('None of your mail accounts can send by SMTP: nothing will be emailed until one can.');
  });
});
