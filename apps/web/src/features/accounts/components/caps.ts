import { CAP_DEFAULTS, type EmailAccount, INT4_MAX, type UpdateAccountRequest } from '@penman/contract';

export const CAP_FIELDS = ['maxEmailsPerDownload', 'inboxContactsPageCap', 'inboxContactsMaxNew', 'sentStyleCap'] as const;
export type CapField = (typeof CAP_FIELDS)[number];
export type CapInputs = Record<CapField, string>;

/** Default of each cap when left empty (null); null itself means unlimited. */
export function capDefault(field: CapField): number | null {
  return CAP_DEFAULTS[field];
}

/** The text of each cap input: the stored number, or empty for "use the default". */
export function capInputsFrom(account: Pick<EmailAccount, CapField>): CapInputs {
  const inputs = {} as CapInputs;
  for (const field of CAP_FIELDS) inputs[field] = account[field] === null ? '' : String(account[field]);
  return inputs;
}

/** Empty means null (the default); otherwise a whole number of 0 or more (spec: caps are numeric, minimum 0). */
export function parseCapInput(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value <= INT4_MAX ? { ok: true, value } : { ok: false };
}

/** The PATCH body for the caps, or the fields that are not valid numbers. */
export function capsRequest(inputs: CapInputs): { ok: true; changes: UpdateAccountRequest } | { ok: false; invalid: CapField[] } {
  const changes: UpdateAccountRequest = {};
  const invalid: CapField[] = [];
  for (const field of CAP_FIELDS) {
    const parsed = parseCapInput(inputs[field]);
    if (parsed.ok) changes[field] = parsed.value;
    else invalid.push(field);
  }
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, changes };
}
