import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, SIGNUP_MODE: 'waitlist', ROLE: 'all', publicUrl: 'http://localhost:3000' });
    expect(env.dataDir).toBe(path.resolve('.data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SIGNUP_MODE: 'everyone' }, 'SIGNUP_MODE'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ ROLE: 'both' }, 'ROLE'],
  ])('stops on %o naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it('derives the public URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(parseEnv({ PUBLIC_URL: 'https://mail.example.com/' }).publicUrl).toBe('https://mail.example.com');
  });
});
