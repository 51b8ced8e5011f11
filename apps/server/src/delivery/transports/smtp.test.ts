import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testCertificate } from '../../test-support/dovecot.ts';
import { startSmtpSink } from '../../test-support/smtp-sink.ts';
import { sendSmtp } from './smtp.ts';

// The phases sendSmtp reports are what exactly-once rests on: 'data_end' stored means "the server
// may hold the message, never send it again". They must follow the conversation, not run ahead of it.

const sink = await startSmtpSink();
const connection = {
  host: 'localhost',
  address: '127.0.0.1',
  port: sink.port,
  security: 'starttls' as const,
  username: 'smtp-user',
  password: 'smtp-pw',
  ca: fs.readFileSync(testCertificate().cert, 'utf8'),
};
const message = (to: string, id: string) =>
  Buffer.from(`From: ann@penman.test\r\nTo: ${to}\r\nSubject: Re: hello\r\nMessage-ID: <${id}>\r\n\r\nThanks, will do.\r\n`);

describe('sendSmtp', () => {
  it('reports no phase when the server refuses the envelope: the message never started', async () => {
    sink.refuseRecipient('gone@client.test');
    const phases: string[] = [];
    const error = await sendSmtp(
      connection,
      { from: 'ann@penman.test', to: ['gone@client.test'] },
      message('gone@client.test', 'refused@penman.test'),
      async (phase) => {
        phases.push(phase);
      },
    ).catch((e: unknown) => e);
    expect(String(error)).toContain('550');
    expect(phases).toEqual([]);
    expect(sink.countMessageId('refused@penman.test')).toBe(0);
  });

  it('reports data then data_end, each before the server holds the message, and the message arrives once', async () => {
    const phases: string[] = [];
    const received: number[] = [];
    const { response } = await sendSmtp(
      connection,
      { from: 'ann@penman.test', to: ['bob@client.test'] },
      message('bob@client.test', 'sent@penman.test'),
      async (phase) => {
        phases.push(phase);
        received.push(sink.countMessageId('sent@penman.test'));
      },
    );
    expect(response).toMatch(/^250/);
    expect(phases).toEqual(['data', 'data_end']);
    expect(received).toEqual([0, 0]);
    expect(sink.countMessageId('sent@penman.test')).toBe(1);
  });
});
