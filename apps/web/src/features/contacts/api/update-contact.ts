import type { Contact, ListContactsResponse, UpdateContactRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { contactKeys } from './query-keys.ts';

/** Saves the user's notes, phone number, job title or department. */
export async function updateContact({ id, changes }: { id: string; changes: UpdateContactRequest }): Promise<Contact> {
  const { contact } = await unwrap(api.contacts[':id'].$patch({ param: { id }, json: changes }));
  return contact;
}

/** The answer replaces the contact in every cached page of its account. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => {
      queryClient.setQueriesData<ListContactsResponse>({ queryKey: contactKeys.lists(contact.emailAccountId) }, (page) =>
        page ? { ...page, contacts: page.contacts.map((row) => (row.id === contact.id ? contact : row)) } : page,
      );
    },
  });
}
