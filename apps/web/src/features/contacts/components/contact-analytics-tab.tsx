import { CONTACT_MESSAGES, type Contact, strengthLabel } from '@penman/contract';
import { BarChart3 } from 'lucide-react';
import { formatDateTime } from '@/lib/date-format.ts';
import { responseTimeText, strengthPercent } from './contact-display.ts';
import { DetailRow, DetailSection, DetailValue } from './detail-section.tsx';
import { CONTACT_LABELS } from './labels.ts';

/** Relationship Metrics and Timeline from the first statistics entry, or the spec's no-data text. */
export function ContactAnalyticsTab({ contact }: { contact: Contact }) {
  const stats = contact.contactStatistics[0];
  if (!stats) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
        <BarChart3 className="mb-3 size-6" aria-hidden="true" />
        {CONTACT_MESSAGES.noAnalytics}
      </div>
    );
  }
  const percent = strengthPercent(stats.relationshipStrength);
  const label = strengthLabel(stats.relationshipStrength);
  const responseTime = responseTimeText(stats.avgResponseTimeHours);
  return (
    <>
      <DetailSection title={CONTACT_MESSAGES.sections.relationshipMetrics}>
        <dl className="grid gap-4">
          <DetailRow label={CONTACT_LABELS.relationshipStrength}>
            <div className="mt-1 flex items-center justify-between text-sm">
              <span className="font-medium">{label}</span>
              <span className="tabular-nums text-muted-foreground">{percent}%</span>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled like the rest of the app's bars. */}
            <div
              role="meter"
              aria-label={CONTACT_LABELS.relationshipStrength}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}% (${label})`}
              className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-accent"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
            </div>
          </DetailRow>
          {responseTime ? (
            <DetailRow label={CONTACT_LABELS.avgResponseTime}>
              <DetailValue value={responseTime} />
            </DetailRow>
          ) : null}
        </dl>
      </DetailSection>
      <DetailSection title={CONTACT_MESSAGES.sections.timeline}>
        <dl className="grid gap-3 sm:grid-cols-3">
          <DetailRow label={CONTACT_LABELS.firstInteraction}>
            <DetailValue value={stats.firstInteractionAt && formatDateTime(stats.firstInteractionAt)} />
          </DetailRow>
          <DetailRow label={CONTACT_LABELS.lastInteraction}>
            <DetailValue value={stats.lastInteractionAt && formatDateTime(stats.lastInteractionAt)} />
          </DetailRow>
          <DetailRow label={CONTACT_LABELS.lastUpdated}>
            <DetailValue value={formatDateTime(stats.updatedAt)} />
          </DetailRow>
        </dl>
      </DetailSection>
    </>
  );
}
