import {
  MAIL_PRESETS,
  type MailPresetId,
  type MailServerLookupResponse,
  mailPresetById,
  PRESET_LABELS,
  PRESET_MESSAGES,
} from '@penman/contract';

/** The provider select's value: a preset, or '' before the user (or a suggestion) chose one. */
export type PresetChoice = MailPresetId | '';
export type ServerFields = { serverUrl: string; port: string };

/** The select's options, in the table's order (Other last). */
export const PRESET_OPTIONS = MAIL_PRESETS.map(({ id, name }) => ({ id, name }));

/** The server and port a provider fills in: its IMAP server; Other empties both for the user to type. */
export function serverFieldsFor(id: MailPresetId): ServerFields {
  const imap = mailPresetById(id).imap;
  return imap ? { serverUrl: imap.host, port: String(imap.port) } : { serverUrl: '', port: '' };
}

export type PresetHelp = { note: string; link: { href: string; label: string } | null };

/** What shows under the select: the provider's note, and the page that makes an app password where one is needed. */
export function presetHelp(choice: PresetChoice): PresetHelp | null {
  if (!choice) return null;
  const preset = mailPresetById(choice);
  const link =
    preset.needsAppPassword && preset.appPasswordUrl
      ? { href: preset.appPasswordUrl, label: PRESET_LABELS.appPasswordLink(preset.name) }
      : null;
  return { note: preset.note, link };
}

export type Suggestion = { choice: PresetChoice | null; fields: ServerFields | null; status: string };

/**
 * What a lookup answer does to a form whose provider and server the user has not set: a known
 * provider is chosen and fills the fields; servers the domain publishes fill them under Other (or
 * their provider); otherwise nothing changes and the status says why (DNS unreachable, nothing found).
 */
export function suggestionFrom(answer: MailServerLookupResponse): Suggestion {
  if ((answer.source === 'preset' || answer.source === 'mx') && answer.presetId) {
    return {
      choice: answer.presetId,
      fields: serverFieldsFor(answer.presetId),
      status: PRESET_LABELS.suggested(mailPresetById(answer.presetId).name),
    };
  }
  if (answer.source === 'srv' && answer.imap) {
    return {
      choice: answer.presetId ?? 'other',
      fields: { serverUrl: answer.imap.host, port: String(answer.imap.port) },
      status: PRESET_LABELS.foundInDns,
    };
  }
  return { choice: null, fields: null, status: answer.dnsUnavailable ? PRESET_MESSAGES.dnsUnavailable : PRESET_MESSAGES.notFound };
}
