import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '@penman/contract';
import { OAuthForm, type OAuthFormProps, type OAuthFormTexts } from './oauth-form.tsx';

const GMAIL_FORM: OAuthFormTexts = {
  fieldId: 'gmail-address',
  address: ACCOUNT_LABELS.gmailAddress,
  addressPlaceholder: ACCOUNT_LABELS.gmailAddressPlaceholder,
  addressRequired: ACCOUNT_MESSAGES.gmailAddressRequired,
  popupHint: ACCOUNT_LABELS.gmailPopupHint,
  connect: ACCOUNT_LABELS.connectGmail,
  waiting: ACCOUNT_LABELS.waitingForGoogle,
  notConfiguredTitle: ACCOUNT_LABELS.gmailNotConfiguredTitle,
  notConfiguredBody: ACCOUNT_LABELS.gmailNotConfiguredBody,
  setupLink: ACCOUNT_LABELS.gmailSetupLink,
};

/** The Gmail address, then Google's consent popup. */
export function GmailForm(props: OAuthFormProps) {
  return <OAuthForm {...props} texts={GMAIL_FORM} />;
}
