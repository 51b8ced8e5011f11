import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowsPrivateMailHosts, EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, SIGNUP_MODE: 'waitlist', ROLE: 'all', publicUrl: 'http://localhost:3000' });
    expect(env.dataDir).toBe(path.resolve('.data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({ TRUSTED_PROXY: null, ALLOW_PRIVATE_MAIL_HOSTS: false, SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE: 30 });
    expect(env.LLM_TIMEOUT_MS).toBe(30_000);
    expect([env.LLM_BASE_URL, env.LLM_MODEL, env.LLM_API_KEY]).toEqual([undefined, undefined, undefined]);
  });

  it('reads TRUSTED_PROXY as a number of proxies or as their addresses', () => {
    expect(parseEnv({ TRUSTED_PROXY: 'true' }).TRUSTED_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUSTED_PROXY: '2' }).TRUSTED_PROXY).toEqual({ hops: 2 });
    const ranges = parseEnv({ TRUSTED_PROXY: '127.0.0.1,10.0.0.0/8' }).TRUSTED_PROXY;
    expect(ranges && 'ranges' in ranges && ranges.ranges.map(([address, bits]) => `${address}/${bits}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
    ]);
  });

  it('allows private mail hosts in waitlist mode, and in open mode only when the operator says so', () => {
    expect(allowsPrivateMailHosts(parseEnv({}))).toBe(true);
    expect(allowsPrivateMailHosts(parseEnv({ SIGNUP_MODE: 'open' }))).toBe(false);
    expect(allowsPrivateMailHosts(parseEnv({ SIGNUP_MODE: 'open', ALLOW_PRIVATE_MAIL_HOSTS: 'true' }))).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SIGNUP_MODE: 'everyone' }, 'SIGNUP_MODE'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ ROLE: 'both' }, 'ROLE'],
    [{ TRUSTED_PROXY: 'everyone' }, 'TRUSTED_PROXY'],
    [{ ALLOW_PRIVATE_MAIL_HOSTS: 'yes' }, 'ALLOW_PRIVATE_MAIL_HOSTS'],
    [{ LLM_BASE_URL: 'localhost:11434/v1' }, 'LLM_BASE_URL'],
    [{ LLM_BASE_URL: 'file:///etc/passwd' }, 'LLM_BASE_URL'],
    [{ LLM_MODEL: '  ' }, 'LLM_MODEL'],
    [{ LLM_TIMEOUT_MS: 'soon' }, 'LLM_TIMEOUT_MS'],
    [{ LLM_TIMEOUT_MS: '0' }, 'LLM_TIMEOUT_MS'],
  ])('stops on %o naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it('reads the language model endpoint, trimming the model name', () => {
    const env = parseEnv({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: ' llama3.1 ', LLM_TIMEOUT_MS: '60000' });
    expect(env).toMatchObject({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1', LLM_TIMEOUT_MS: 60_000 });
  });

  it('derives the public URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(parseEnv({ PUBLIC_URL: 'https://mail.example.com/' }).publicUrl).toBe('https://mail.example.com');
  });
});
