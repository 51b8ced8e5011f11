import { MICROSOFT_LABELS, MICROSOFT_MESSAGES } from '@penman/contract';
import { OAuthForm, type OAuthFormProps, type OAuthFormTexts } from './oauth-form.tsx';

const MICROSOFT_FORM: OAuthFormTexts = {
  fieldId: 'microsoft-address',
  address: MICROSOFT_LABELS.address,
  addressPlaceholder: MICROSOFT_LABELS.addressPlaceholder,
  addressRequired: MICROSOFT_LABELS.addressRequired,
  popupHint: MICROSOFT_LABELS.popupHint,
  connect: MICROSOFT_LABELS.connect,
  waiting: MICROSOFT_LABELS.waiting,
  notConfiguredTitle: MICROSOFT_LABELS.notConfiguredTitle,
  notConfiguredBody: MICROSOFT_MESSAGES.notConfigured,
  setupLink: MICROSOFT_LABELS.setupLink,
};

/** The Microsoft 365 / Outlook.com address (sent as the login hint), then Microsoft's sign-in popup. */
export function MicrosoftForm(props: OAuthFormProps) {
  return <OAuthForm {...props} texts={MICROSOFT_FORM} />;
}
