import { PRESET_LABELS } from '@penman/contract';
import { ExternalLink } from 'lucide-react';
import { Label } from '@/components/ui/label.tsx';
import { PRESET_OPTIONS, type PresetChoice, type PresetHelp } from './provider-presets.ts';

/** The provider select, its note (with the app-password page where one is needed) and the suggestion's status. */
export function ProviderPresetField({
  choice,
  onChoose,
  help,
  status,
  disabled,
}: {
  choice: PresetChoice;
  onChoose: (choice: PresetChoice) => void;
  help: PresetHelp | null;
  status: string | null;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="exchange-provider">{PRESET_LABELS.provider}</Label>
      <select
        id="exchange-provider"
        value={choice}
        disabled={disabled}
        aria-describedby="exchange-provider-help"
        onChange={(event) => onChoose(event.target.value as PresetChoice)}
        className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        <option value="">{PRESET_LABELS.chooseProvider}</option>
        {PRESET_OPTIONS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <div id="exchange-provider-help" className="grid gap-1 text-xs text-muted-foreground">
        <p>{help ? help.note : PRESET_LABELS.providerHint}</p>
        {help?.link ? (
          <a
            href={help.link.href}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex w-fit items-center gap-1 font-medium text-primary underline underline-offset-2"
          >
            {help.link.label}
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        ) : null}
        {/* Polite: the suggestion arrives after the address field is left, while the user is elsewhere. */}
        <p role="status" aria-live="polite">
          {status ?? ''}
        </p>
      </div>
    </div>
  );
}
