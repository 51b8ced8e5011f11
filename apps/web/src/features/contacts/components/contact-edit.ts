import { CONTACT_MESSAGES, type Contact, type UpdateContactRequest } from '@penman/contract';

/** The four fields a user edits inline (spec part 2 section 4). */
export type EditableField = 'phoneNumber' | 'jobTitle' | 'department' | 'notes';

/** The body of a save: an empty phone, job title or department is sent as null; notes are sent as text. */
export function editPayload(field: EditableField, value: string): UpdateContactRequest {
  if (field === 'notes') return { notes: value };
  return { [field]: value.trim() === '' ? null : value.trim() };
}

/** The text an editor starts from (and a cancel returns to): the stored value, or empty. */
export function storedValue(contact: Pick<Contact, EditableField>, field: EditableField): string {
  return contact[field] ?? '';
}

export const UPDATED_TOASTS: Record<EditableField, string> = {
  phoneNumber: CONTACT_MESSAGES.phoneUpdated,
  jobTitle: CONTACT_MESSAGES.jobTitleUpdated,
  department: CONTACT_MESSAGES.departmentUpdated,
  notes: CONTACT_MESSAGES.notesUpdated,
};
