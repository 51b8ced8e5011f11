import { describe, expect, it } from 'vitest';
import { ApiRequestError, networkError, parseApiError } from './api-error.ts';

const response = (status: number, body: unknown, statusText = '') => ({
  status,
  statusText,
  json: async () => {
    if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
    return body;
  },
});

describe('parseApiError', () => {
  it('reads the one error shape, fields included', async () => {
    const error = await parseApiError(
      response(400, { error: { code: 'VALIDATION', message: 'First name is required', fields: { firstName: 'First name is required' } } }),
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'First name is required',
      fields: { firstName: 'First name is required' },
    });
  });

  it('falls back to the status when the body is not ours', async () => {
    expect(await parseApiError(response(410, '<html>', 'Gone'))).toMatchObject({ status: 410, code: 'GONE', message: 'Gone', fields: {} });
    expect(await parseApiError(response(502, undefined))).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Request failed (502)' });
  });

  it('marks unanswered requests as network errors', () => {
    const cause = new TypeError('Failed to fetch');
    expect(networkError(cause)).toMatchObject({ status: 0, code: 'NETWORK', cause });
  });
});
