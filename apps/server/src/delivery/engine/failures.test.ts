import { DELIVERY_MESSAGES } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './failures.ts';

describe('describeFailure', () => {
  it.each([
    [{ code: 'EAUTH', responseCode: 535 }, DELIVERY_MESSAGES.authRefused, true],
    [{ code: 'AUTH' }, DELIVERY_MESSAGES.authRefused, true],
    [{ code: 'ECONNECTION' }, DELIVERY_MESSAGES.unreachable, true],
    [{ code: 'ETIMEDOUT' }, DELIVERY_MESSAGES.unreachable, true],
    [{ code: 'TEMPORARY' }, DELIVERY_MESSAGES.unreachable, true],
    [{ code: 'EENVELOPE', rejected: ['x@y.test'] }, DELIVERY_MESSAGES.recipientRefused('x@y.test'), true],
    [{ code: 'EMESSAGE', responseCode: 552 }, DELIVERY_MESSAGES.tooLarge, false],
    [{ code: 'GMAIL_SCOPE' }, DELIVERY_MESSAGES.gmailReadOnly, true],
    [{ response: { status: 403 } }, DELIVERY_MESSAGES.gmailReadOnly, true],
    [{ response: { status: 503 } }, DELIVERY_MESSAGES.unreachable, true],
    [{ response: { status: 400, data: { error: 'invalid_grant' } } }, DELIVERY_MESSAGES.gmailReconnect, true],
    [{ code: 'PRIVATE_HOST' }, DELIVERY_MESSAGES.privateHost, false],
    [new Error('something else'), DELIVERY_MESSAGES.unknown, true],
  ])('%j', (error, message, retryable) => {
    expect(describeFailure(error)).toEqual({ message, retryable });
  });
});
