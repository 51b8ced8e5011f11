import { CONTACT_MESSAGES, type Contact } from '@penman/contract';
import { Badge } from '@/components/ui/badge.tsx';
import { DetailSection } from './detail-section.tsx';
import { InlineEditField } from './inline-edit-field.tsx';
import { CONTACT_LABELS } from './labels.ts';

/** The user's notes (editable) and the contact's most common email topics. */
export function ContactNotesTab({ contact }: { contact: Contact }) {
  const topics = contact.contactStatistics[0]?.mostCommonSubjectKeywords ?? [];
  return (
    <>
      <DetailSection title={CONTACT_LABELS.notes}>
        <InlineEditField
          contact={contact}
          field="notes"
          label={CONTACT_LABELS.notes}
          multiline
          placeholder={CONTACT_MESSAGES.notesPlaceholder}
        />
      </DetailSection>
      <DetailSection title={CONTACT_LABELS.topics}>
        {topics.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={CONTACT_LABELS.topics}>
            {topics.map((topic) => (
              <li key={topic}>
                <Badge variant="secondary">{topic}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{CONTACT_MESSAGES.noTopics}</p>
        )}
      </DetailSection>
    </>
  );
}
