import { HELP_LABELS } from '@penman/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

export type HelpShortcut = { key: string; name: string };

type HelpScreenProps = {
  shortcuts: HelpShortcut[];
  version: string;
  /** The contact form (the public area's), given by the route. */
  contact: ReactNode;
};

function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

/** The Help & Support page: how Penman works, privacy, shortcuts, providers, troubleshooting, contact. */
export function HelpScreen({ shortcuts, version, contact }: HelpScreenProps) {
  const { sections } = HELP_LABELS;
  return (
    <div className="grid gap-6">
      <HelpSection id="how-it-works" title={sections.howItWorks}>
        <dl className="grid gap-3">
          {HELP_LABELS.howItWorks.map((step) => (
            <div key={step.term}>
              <dt className="font-medium">{step.term}</dt>
              <dd className="text-muted-foreground">{step.text}</dd>
            </div>
          ))}
        </dl>
      </HelpSection>
      <HelpSection id="privacy" title={sections.privacy}>
        <p>{HELP_LABELS.privacy.stays}</p>
        <p>{HELP_LABELS.privacy.leaves}</p>
        <p>{HELP_LABELS.privacy.never}</p>
      </HelpSection>
      <HelpSection id="shortcuts" title={sections.shortcuts}>
        <p className="text-muted-foreground">{HELP_LABELS.shortcutsIntro}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.key} className="flex items-center gap-3">
              <kbd className="inline-flex min-w-7 justify-center rounded border bg-muted px-2 py-0.5 font-mono text-xs">{shortcut.key}</kbd>
              <span>{shortcut.name}</span>
            </li>
          ))}
        </ul>
      </HelpSection>
      <HelpSection id="providers" title={sections.providers}>
        <dl className="grid gap-3">
          {HELP_LABELS.providers.map((provider) => (
            <div key={provider.name}>
              <dt className="font-medium">{provider.name}</dt>
              <dd className="text-muted-foreground">{provider.text}</dd>
            </div>
          ))}
        </dl>
      </HelpSection>
      <HelpSection id="troubleshooting" title={sections.troubleshooting}>
        <ul className="grid gap-4">
          {HELP_LABELS.troubleshooting.map((entry) => (
            <li key={entry.message} className="grid gap-1 break-words">
              <p>
                <span className="font-medium">{HELP_LABELS.troubleshootingMessage}: </span>
                <q className="text-muted-foreground">{entry.message}</q>
              </p>
              <p>
                <span className="font-medium">{HELP_LABELS.troubleshootingFix}: </span>
                {entry.fix}
              </p>
            </li>
          ))}
        </ul>
      </HelpSection>
      <HelpSection id="about" title={sections.about}>
        <p>{HELP_LABELS.version(version)}</p>
        <ul className="flex flex-wrap gap-4">
          {HELP_LABELS.links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="underline underline-offset-4">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </HelpSection>
      <HelpSection id="contact" title={sections.contact}>
        <p className="text-muted-foreground">{HELP_LABELS.contactText}</p>
        <div>{contact}</div>
      </HelpSection>
    </div>
  );
}
