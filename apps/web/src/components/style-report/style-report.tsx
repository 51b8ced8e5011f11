import {
  type ContextStyle,
  formatCount,
  type SituationalStyle,
  STYLE_ANALYSIS_VERSION,
  STYLE_LABELS,
  STYLE_MESSAGES,
  type StylePattern,
  type StyleProfile,
  TRAINING_FIGURES,
} from '@penman/contract';
import {
  BadgeCheck,
  Building2,
  CalendarDays,
  ChartNoAxesColumn,
  Info,
  type LucideIcon,
  MessageSquareQuote,
  Network,
  PenLine,
  Ruler,
  Shapes,
  Users,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDate, formatDateTime } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import {
  decimal,
  formality,
  patternVariation,
  percent,
  perEmail,
  quoted,
  responseSpeed,
  sentencesPerParagraph,
  typicalWords,
  usedIn,
  wordsPerEmail,
  wordsPerSentence,
} from './report-wording.ts';

const count = formatCount;

/** The communication style report of one account: summary cards and the spec's eight sections, in plain words. */
export function StyleReport({ profile }: { profile: StyleProfile }) {
  const sections = STYLE_MESSAGES.sections;
  const sectionsHelp = STYLE_LABELS.sectionDescriptions;
  return (
    <div className="space-y-5">
      <SummaryCards profile={profile} />

      <ReportSection icon={PenLine} title={sections.overview} description={sectionsHelp.overview}>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Fact label={STYLE_LABELS.formality}>
            <p>{formality(profile)}</p>
            <Meter label={STYLE_LABELS.formality} value={profile.formalityScore} />
          </Fact>
          <Fact label={STYLE_LABELS.responseSpeed}>{responseSpeed(profile)}</Fact>
          <Fact label={STYLE_LABELS.tone} wide>
            {profile.toneCharacteristics.length === 0 ? (
              <NotEnough />
            ) : (
              <ul className="flex flex-wrap gap-1.5" aria-label={STYLE_LABELS.tone}>
                {profile.toneCharacteristics.map((trait) => (
                  <li key={trait.trait}>
                    <Badge
                      variant="secondary"
                      className="inline-block rounded-md text-left font-normal"
                      title={STYLE_LABELS.basedOn(trait.supportingEmails)}
                    >
                      <span className="font-medium">{trait.trait}</span>{' '}
                      <span className="whitespace-nowrap text-muted-foreground">· {count(trait.supportingEmails)}</span>
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Fact>
          <Fact label={STYLE_LABELS.signature}>
            <p>{STYLE_LABELS.signatureKinds[profile.signatureStyle.kind]}</p>
            {profile.signatureStyle.example && profile.signatureStyle.kind !== 'none' ? (
              <pre className="mt-1.5 max-w-full overflow-x-auto rounded-md bg-muted px-3 py-2 font-sans text-xs whitespace-pre-wrap text-foreground">
                {profile.signatureStyle.example.trim()}
              </pre>
            ) : null}
            <Based count={profile.signatureStyle.supportingEmails} />
          </Fact>
          <Fact label={STYLE_LABELS.emojiUsage}>{STYLE_LABELS.usageLevels[profile.emojiUsageFrequency]}</Fact>
        </dl>
      </ReportSection>

      <ReportSection icon={MessageSquareQuote} title={sections.patterns} description={sectionsHelp.patterns}>
        <div className="grid gap-5 md:grid-cols-2">
          <PatternList title={STYLE_LABELS.greetings} patterns={profile.greetingPatterns} />
          <PatternList title={STYLE_LABELS.closings} patterns={profile.closingPatterns} />
          <SubSection title={STYLE_LABELS.commonPhrases}>
            {profile.commonPhrases.length === 0 ? (
              <NotEnough />
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {profile.commonPhrases.map((phrase) => (
                  <li key={phrase.text}>
                    <Badge variant="outline" className="gap-1 font-normal" title={usedIn(phrase.share, phrase.count)}>
                      {quoted(phrase.text)}
                      <span className="text-muted-foreground">×{count(phrase.count)}</span>
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </SubSection>
          <SubSection title={STYLE_LABELS.avoidedPhrases}>
            {profile.avoidedPhrases.length === 0 ? (
              <p className="text-sm text-muted-foreground">{STYLE_LABELS.none}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {profile.avoidedPhrases.map((phrase) => (
                  <li key={phrase.text}>
                    <span className="line-through decoration-muted-foreground/60">{quoted(phrase.text)}</span>
                    {phrase.insteadOf ? <span className="text-muted-foreground"> → you write {quoted(phrase.insteadOf)}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </SubSection>
        </div>
      </ReportSection>

      <ReportSection icon={Ruler} title={sections.metrics} description={sectionsHelp.metrics}>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
          <Tile label={STYLE_LABELS.sentenceLength} value={wordsPerSentence(profile.avgSentenceLength)} />
          <Tile label={STYLE_LABELS.paragraphLength} value={sentencesPerParagraph(profile.avgParagraphLength)} />
          <Tile label={STYLE_LABELS.emailLength} value={wordsPerEmail(profile.avgEmailLength)} />
          <Tile
            label={STYLE_LABELS.exclamationMarks}
            value={STYLE_LABELS.usageLevels[profile.punctuationStyle.exclamationUsage.level]}
            note={perEmail(profile.punctuationStyle.exclamationUsage.perEmail)}
          />
          <Tile
            label={STYLE_LABELS.commas}
            value={profile.punctuationStyle.commaStyle.description}
            note={`${decimal(profile.punctuationStyle.commaStyle.perSentence)} per sentence`}
          />
          <Tile
            label={STYLE_LABELS.emoji}
            value={STYLE_LABELS.usageLevels[profile.punctuationStyle.emojiUsage.level]}
            note={perEmail(profile.punctuationStyle.emojiUsage.perEmail)}
          />
        </dl>
      </ReportSection>

      <ReportSection icon={Shapes} title={sections.language} description={sectionsHelp.language}>
        <div className="grid gap-5 md:grid-cols-2">
          <SubSection title={STYLE_LABELS.questions}>
            <p className="text-sm">{profile.questionAskingStyle.description}</p>
            <p className="text-xs text-muted-foreground">
              {percent(profile.questionAskingStyle.share)} of emails ask a question · {perEmail(profile.questionAskingStyle.perEmail)}
            </p>
            <Examples phrases={profile.questionAskingStyle.examples} />
          </SubSection>
          <SubSection title={STYLE_LABELS.informationSharing}>
            <p className="text-sm">{profile.informationSharingStyle.description}</p>
            <ul className="flex flex-wrap gap-1.5 text-xs">
              <ShareChip label={STYLE_LABELS.lists} share={profile.informationSharingStyle.listShare} />
              <ShareChip label={STYLE_LABELS.links} share={profile.informationSharingStyle.linkShare} />
              <ShareChip label={STYLE_LABELS.attachments} share={profile.informationSharingStyle.attachmentShare} />
            </ul>
          </SubSection>
        </div>
      </ReportSection>

      <ReportSection icon={Building2} title={sections.contextual} description={sectionsHelp.contextual}>
        <div className="grid gap-3 md:grid-cols-2">
          <ContextCard title={STYLE_MESSAGES.internal} style={profile.contextStyles.internal} />
          <ContextCard title={STYLE_MESSAGES.external} style={profile.contextStyles.external} />
        </div>
      </ReportSection>

      <ReportSection icon={ChartNoAxesColumn} title={sections.situational} description={sectionsHelp.situational}>
        <div className="grid gap-3 md:grid-cols-2">
          <SituationCard title={STYLE_MESSAGES.urgent} style={profile.situationalStyles.urgent} />
          <SituationCard title={STYLE_MESSAGES.routine} style={profile.situationalStyles.routine} />
          <SituationCard title={STYLE_MESSAGES.complaint} style={profile.situationalStyles.complaint} />
          <SituationCard title={STYLE_MESSAGES.meeting} style={profile.situationalStyles.meeting} />
        </div>
      </ReportSection>

      <ReportSection icon={Network} title={sections.hierarchical} description={sectionsHelp.hierarchical}>
        <div className="grid gap-3 md:grid-cols-2">
          <ContextCard title={STYLE_MESSAGES.superior} style={profile.contextStyles.superior} />
          <ContextCard title={STYLE_MESSAGES.subordinate} style={profile.contextStyles.subordinate} />
        </div>
      </ReportSection>

      <ReportSection icon={Info} title={sections.metadata} description={sectionsHelp.metadata}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label={STYLE_MESSAGES.profileId}>
            <span className="font-mono text-xs break-all">{profile.id}</span>
          </Fact>
          <Fact label={STYLE_MESSAGES.version}>{profile.analysisVersion || STYLE_ANALYSIS_VERSION}</Fact>
          <Fact label={STYLE_MESSAGES.created}>{formatDateTime(profile.createdAt)}</Fact>
          <Fact label={STYLE_MESSAGES.lastUpdated}>{formatDateTime(profile.lastUpdated)}</Fact>
        </dl>
      </ReportSection>
    </div>
  );
}

function SummaryCards({ profile }: { profile: StyleProfile }) {
  const cards: { label: string; value: string; icon: LucideIcon; counts?: string }[] = [
    { ...TRAINING_FIGURES.sampleSize, value: count(profile.sampleSize), icon: Users },
    { ...TRAINING_FIGURES.totalEmailsAvailable, value: count(profile.totalEmailsAvailable), icon: MessageSquareQuote },
    { label: STYLE_MESSAGES.analysisDate, value: formatDate(profile.analysisDate), icon: CalendarDays },
    { label: STYLE_MESSAGES.status, value: STYLE_MESSAGES.complete, icon: BadgeCheck },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon, counts }) => (
        <div key={label} className="flex flex-col gap-1 rounded-lg border bg-background/60 px-4 py-3">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          {counts ? <dd className="text-xs text-muted-foreground">{counts}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function ReportSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border p-4 sm:p-5">
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 id={id} className="text-base font-semibold leading-tight">
            {title}
          </h3>
          <p className="mt-0.5 text-xs text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </div>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm">{children}</dd>
    </div>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md bg-muted/60 px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold first-letter:uppercase">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function Meter({ label, value }: { label: string; value: number }) {
  const clamped = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled like the rest of the app's bars.
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className="mt-2 h-1.5 w-full max-w-56 overflow-hidden rounded-full bg-accent"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${clamped}%` }} />
    </div>
  );
}

function Based({ count: emails }: { count: number }) {
  return <p className="mt-1 text-xs text-muted-foreground">{STYLE_LABELS.basedOn(emails)}</p>;
}

function NotEnough() {
  return <p className="text-sm text-muted-foreground italic">{STYLE_LABELS.notEnoughMail}</p>;
}

function Examples({ phrases }: { phrases: string[] }) {
  if (phrases.length === 0) return null;
  return (
    <ul className="space-y-1 border-l-2 border-accent pl-3 text-sm text-muted-foreground">
      {phrases.map((phrase) => (
        <li key={phrase} className="break-words">
          {quoted(phrase)}
        </li>
      ))}
    </ul>
  );
}

function ShareChip({ label, share }: { label: string; share: number }) {
  return (
    <li className="rounded-full bg-muted px-2.5 py-1">
      <span className="font-medium">{label}</span> <span className="text-muted-foreground">{percent(share)} of emails</span>
    </li>
  );
}

function PatternList({ title, patterns }: { title: string; patterns: StylePattern[] }) {
  return (
    <SubSection title={title}>
      {patterns.length === 0 ? (
        <NotEnough />
      ) : (
        <ul className="divide-y rounded-md border">
          {patterns.map((pattern) => {
            const variation = patternVariation(pattern);
            return (
              <li key={pattern.text} className="px-3 py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="text-sm font-medium break-words">{quoted(pattern.text)}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">{usedIn(pattern.share, pattern.count)}</span>
                </div>
                {variation ? <p className="text-xs text-muted-foreground">{variation}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </SubSection>
  );
}

/** One context or situation; without enough mail it stays as small as its note. */
function StyleCard({ title, supportingEmails, children }: { title: string; supportingEmails: number | null; children: ReactNode }) {
  return (
    <div className={cn('min-w-0 rounded-md border bg-background/60 p-3.5', supportingEmails === null && 'self-start')}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-2">
        <h4 className="text-sm font-semibold">{title}</h4>
        {supportingEmails !== null ? <span className="text-xs text-muted-foreground">{STYLE_LABELS.basedOn(supportingEmails)}</span> : null}
      </div>
      {children}
    </div>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-xs leading-5 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words first-letter:uppercase">{value}</dd>
    </div>
  );
}

function ContextCard({ title, style }: { title: string; style: ContextStyle | null }) {
  return (
    <StyleCard title={title} supportingEmails={style?.supportingEmails ?? null}>
      {style ? (
        <>
          <dl className="space-y-1.5">
            <Line label={STYLE_LABELS.typicalLength} value={typicalWords(style.typicalLength)} />
            <Line label={STYLE_LABELS.tone} value={style.tone} />
            <Line label={STYLE_LABELS.structure} value={style.structure} />
          </dl>
          {style.examplePhrases.length > 0 ? (
            <div className="mt-2.5">
              <p className="mb-1 text-xs text-muted-foreground">{STYLE_LABELS.examplePhrases}</p>
              <Examples phrases={style.examplePhrases} />
            </div>
          ) : null}
        </>
      ) : (
        <NotEnough />
      )}
    </StyleCard>
  );
}

function SituationCard({ title, style }: { title: string; style: SituationalStyle | null }) {
  return (
    <StyleCard title={title} supportingEmails={style?.supportingEmails ?? null}>
      {style ? (
        <>
          <dl className="space-y-1.5">
            <Line label={STYLE_LABELS.typicalLength} value={typicalWords(style.length)} />
            <Line label={STYLE_LABELS.tone} value={style.tone} />
            <Line label={STYLE_LABELS.structure} value={style.structure} />
            <Line label={STYLE_LABELS.approach} value={style.approach} />
            <Line label={STYLE_LABELS.details} value={style.details} />
            <Line label={STYLE_LABELS.followUp} value={style.followUp} />
          </dl>
          {style.markers.length > 0 ? (
            <div className="mt-2.5 flex flex-wrap items-center gap-1.5">
              <span className="text-xs text-muted-foreground">{STYLE_LABELS.markers}</span>
              {style.markers.map((marker) => (
                <Badge key={marker} variant="outline" className="font-normal">
                  {marker}
                </Badge>
              ))}
            </div>
          ) : null}
        </>
      ) : (
        <NotEnough />
      )}
    </StyleCard>
  );
}
