import { describe, expect, it } from 'vitest';
import { exchangeRequest } from './exchange-request.ts';

const filled = { email: ' ada@example.com ', password: 'secret', username: '', serverUrl: 'outlook.office365.com', port: '993' };

describe('exchangeRequest', () => {
  it('needs the email and the password', () => {
    expect(exchangeRequest({ ...filled, email: '  ' })).toEqual({ kind: 'missing' });
    expect(exchangeRequest({ ...filled, password: '' })).toEqual({ kind: 'missing' });
  });

  it('sends the port as an integer and leaves out empty optional fields', () => {
    expect(exchangeRequest(filled)).toEqual({
      kind: 'ok',
      body: { provider: 'exchange', emailAddress: 'ada@example.com', password: 'secret', serverUrl: 'outlook.office365.com', port: 993 },
    });
    expect(exchangeRequest({ ...filled, username: ' ada ', serverUrl: ' ', port: '' })).toEqual({
      kind: 'ok',
      body: { provider: 'exchange', emailAddress: 'ada@example.com', password: 'secret', username: 'ada' },
    });
  });

  it('keeps the password exactly as typed', () => {
    const result = exchangeRequest({ ...filled, password: ' pass word ' });
    expect(result.kind === 'ok' && result.body.password).toBe(' pass word ');
  });

  it('names a bad address and a bad port', () => {
    expect(exchangeRequest({ ...filled, email: 'ada', port: '99999' })).toEqual({
      kind: 'invalid',
      errors: { email: 'Please enter a valid email address', port: 'Enter a port number from 1 to 65535.' },
    });
    expect(exchangeRequest({ ...filled, port: '9.5' })).toMatchObject({ kind: 'invalid' });
    expect(exchangeRequest({ ...filled, port: '0' })).toMatchObject({ kind: 'invalid' });
  });
});
