import {
  DELIVERY_LABELS,
  type DeliverySettingsResponse,
  type EmailAccount,
  type SmtpSecurity,
  type SmtpSettings,
  type SmtpSettingsInput,
  ZSmtpSettingsInput,
} from '@penman/contract';

const E = DELIVERY_LABELS.account.errors;

/** The SMTP fields as typed: the port stays text until it is checked. */
export type SmtpForm = {
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  useImapPassword: boolean;
  /** Never filled from the server (it never returns a password). */
  password: string;
};
export type SmtpField = 'host' | 'port' | 'username' | 'password';

/** The form for the server's settings (saved, or the provider's defaults). */
export function smtpFormFrom(smtp: SmtpSettings): SmtpForm {
  return {
    host: smtp.host,
    port: String(smtp.port),
    security: smtp.security,
    username: smtp.username,
    useImapPassword: smtp.usesImapPassword,
    password: '',
  };
}

/** The usual port of each security: changing the security moves a port that was the other's usual one. */
const USUAL_PORT: Record<SmtpSecurity, string> = { starttls: '587', tls: '465' };

export function withSecurity(form: SmtpForm, security: SmtpSecurity): SmtpForm {
  const usual = Object.values(USUAL_PORT).includes(form.port.trim());
  return { ...form, security, port: usual || form.port.trim() === '' ? USUAL_PORT[security] : form.port };
}

type SmtpCheck = { ok: true; smtp: SmtpSettingsInput } | { ok: false; errors: Partial<Record<SmtpField, string>> };

/**
 * The request's SMTP settings, or what is wrong with the form, field by field. "Use the IMAP
 * password" sends no password (null); otherwise a password is required, since the server never
 * returns the one it keeps.
 */
export function smtpInputFrom(form: SmtpForm): SmtpCheck {
  const errors: Partial<Record<SmtpField, string>> = {};
  const host = form.host.trim();
  const username = form.username.trim();
  const port = /^\d{1,5}$/.test(form.port.trim()) ? Number(form.port.trim()) : Number.NaN;
  if (!host || host.length > 255 || /\s/.test(host)) errors.host = E.host;
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.port = E.port;
  if (!username) errors.username = E.username;
  if (!form.useImapPassword && form.password === '') errors.password = E.password;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = ZSmtpSettingsInput.safeParse({
    host,
    port,
    security: form.security,
    username,
    password: form.useImapPassword ? null : form.password,
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    const named: SmtpField = field === 'port' || field === 'username' || field === 'password' ? field : 'host';
    return { ok: false, errors: { [named]: E[named] } };
  }
  return { ok: true, smtp: parsed.data };
}

/** The server's field errors (`fields` of a 400) that belong to a field of this form. */
export function smtpFieldErrors(fields: unknown): Partial<Record<SmtpField, string>> {
  if (!fields || typeof fields !== 'object') return {};
  const errors: Partial<Record<SmtpField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.replace(/^smtp\./, '');
    if ((name === 'host' || name === 'port' || name === 'username' || name === 'password') && typeof message === 'string') {
      errors[name] = message;
    }
  }
  return errors;
}

/**
 * What the "Replies" section shows for an account: an imported file only says it cannot deliver;
 * Gmail connected read-only asks to reconnect (the mode can still be chosen); IMAP accounts add
 * their SMTP settings; a Microsoft account says where replies go (Microsoft's server, the operator's
 * setting, with the Microsoft sign-in: nothing to edit or check).
 */
export function repliesSection(
  settings: Pick<DeliverySettingsResponse, 'canDeliver' | 'canCompose' | 'smtp'>,
  provider?: EmailAccount['provider'],
) {
  if (!settings.canDeliver) return { modes: false, reconnect: false, smtp: false, microsoftSmtp: false, imported: true };
  const microsoft = provider === 'outlook';
  const hasSmtp = settings.smtp !== null;
  return {
    modes: true,
    reconnect: !settings.canCompose,
    smtp: hasSmtp && !microsoft,
    microsoftSmtp: hasSmtp && microsoft,
    imported: false,
  };
}
