import { registerContactUpdates } from '@/features/contacts/api/contact-updates.ts';
import { ContactsScreen } from '@/features/contacts/components/contacts-screen.tsx';

// Contacts are rebuilt on the server (initialization, sync, reprocess): keep the cached pages live from now on.
registerContactUpdates();

export function Component() {
  return <ContactsScreen />;
}
