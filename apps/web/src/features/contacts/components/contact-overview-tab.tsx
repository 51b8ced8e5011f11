import { CONTACT_MESSAGES, type Contact } from '@penman/contract';
import { displayedStatistics } from './contact-display.ts';
import { CopyButton } from './copy-button.tsx';
import { DetailRow, DetailSection, DetailValue } from './detail-section.tsx';
import { FrequencyBadge } from './frequency-badge.tsx';
import { InlineEditField } from './inline-edit-field.tsx';
import { CONTACT_LABELS } from './labels.ts';

/** Contact Details, Professional Info and Quick Stats. */
export function ContactOverviewTab({ contact }: { contact: Contact }) {
  const stats = displayedStatistics(contact);
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailSection title={CONTACT_MESSAGES.sections.contactDetails}>
          <dl className="grid gap-3">
            <DetailRow label={CONTACT_LABELS.email}>
              <div className="flex min-w-0 items-center gap-1">
                <p className="min-w-0 flex-1 py-1.5 text-sm break-all">{contact.emailAddress}</p>
                <CopyButton value={contact.emailAddress} label={CONTACT_LABELS.email} />
              </div>
            </DetailRow>
            <DetailRow label={CONTACT_LABELS.phone}>
              <InlineEditField
                contact={contact}
                field="phoneNumber"
                label={CONTACT_LABELS.phone}
                extra={contact.phoneNumber ? <CopyButton value={contact.phoneNumber} label={CONTACT_LABELS.phone} /> : null}
              />
            </DetailRow>
            <DetailRow label={CONTACT_LABELS.domain}>
              <DetailValue value={contact.domain} />
            </DetailRow>
          </dl>
        </DetailSection>
        <DetailSection title={CONTACT_MESSAGES.sections.professionalInfo}>
          <dl className="grid gap-3">
            <DetailRow label={CONTACT_LABELS.company}>
              <DetailValue value={contact.companyName} />
            </DetailRow>
            <DetailRow label={CONTACT_LABELS.jobTitle}>
              <InlineEditField contact={contact} field="jobTitle" label={CONTACT_LABELS.jobTitle} />
            </DetailRow>
            <DetailRow label={CONTACT_LABELS.department}>
              <InlineEditField contact={contact} field="department" label={CONTACT_LABELS.department} />
            </DetailRow>
          </dl>
        </DetailSection>
      </div>
      <DetailSection title={CONTACT_MESSAGES.sections.quickStats}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label={CONTACT_LABELS.sent} value={stats.emailsSent} />
          <Stat label={CONTACT_LABELS.received} value={stats.emailsReceived} />
          <Stat label={CONTACT_LABELS.total} value={stats.totalInteractions} />
          <div className="flex flex-col-reverse gap-1 rounded-md bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{CONTACT_LABELS.frequency}</dt>
            <dd>
              <FrequencyBadge frequency={stats.interactionFrequency} />
            </dd>
          </div>
        </dl>
      </DetailSection>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-md bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}
