import type { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { ReplyMessage } from './engine/reply-message.ts';

/** A file going with the reply, streamed from storage into the message. */
export type OutgoingAttachment = { filename: string; contentType: string; stream: Readable };

const angle = (id: string) => `<${id}>`;

/**
 * The reply as RFC 5322 bytes, built by nodemailer's MailComposer: multipart/alternative text and
 * HTML, attachments streamed from storage, and our own Message-ID (never one MailComposer invents).
 */
export async function buildMime(message: ReplyMessage, attachments: OutgoingAttachment[] = []): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from.name ? { name: message.from.name, address: message.from.address } : message.from.address,
    to: message.to,
    ...(message.cc.length ? { cc: message.cc } : {}),
    subject: message.subject,
    messageId: angle(message.messageId),
    ...(message.inReplyTo ? { inReplyTo: angle(message.inReplyTo) } : {}),
    ...(message.references.length ? { references: message.references.map(angle) } : {}),
    date: message.date,
    text: message.text,
    html: message.html,
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.stream })),
  });
  return composer.compile().build();
}
