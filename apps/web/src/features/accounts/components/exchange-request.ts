import { ACCOUNT_LABELS, type CreateImapAccountRequest } from '@penman/contract';
import { emailProblem } from './email-check.ts';

export type ExchangeInputs = { email: string; password: string; username: string; serverUrl: string; port: string };

type ExchangeRequest =
  | { kind: 'missing' }
  | { kind: 'invalid'; errors: Partial<Record<keyof ExchangeInputs, string>> }
  | { kind: 'ok'; body: CreateImapAccountRequest };

/**
 * The POST body of the Exchange / IMAP form: email and password are required ('Please fill in all
 * required fields.'), username and server URL are sent only when filled, the port as an integer.
 */
export function exchangeRequest(inputs: ExchangeInputs): ExchangeRequest {
  const emailAddress = inputs.email.trim();
  if (emailAddress === '' || inputs.password === '') return { kind: 'missing' };

  const errors: Partial<Record<keyof ExchangeInputs, string>> = {};
  const emailError = emailProblem(emailAddress);
  if (emailError) errors.email = emailError;
  const portText = inputs.port.trim();
  const port = Number(portText);
  if (portText !== '' && !(/^\d+$/.test(portText) && port >= 1 && port <= 65_535)) errors.port = ACCOUNT_LABELS.portInvalid;
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

  const body: CreateImapAccountRequest = { provider: 'exchange', emailAddress, password: inputs.password };
  const username = inputs.username.trim();
  const serverUrl = inputs.serverUrl.trim();
  if (username) body.username = username;
  if (serverUrl) body.serverUrl = serverUrl;
  if (portText) body.port = port;
  return { kind: 'ok', body };
}
