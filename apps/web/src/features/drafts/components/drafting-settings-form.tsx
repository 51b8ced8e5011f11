import { DRAFTS_LABELS, type ZDraftingSettingsResponse } from '@penman/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useUpdateDraftingSettings } from '../api/drafting-settings.ts';
import { formFromSettings, type SettingsField, type SettingsForm, settingsFromForm } from './settings-form.ts';

const L = DRAFTS_LABELS.settings;

type DraftingSettingsFormProps = {
  accountId: string;
  answer: z.infer<typeof ZDraftingSettingsResponse>;
  maxHours: number;
  onDone: () => void;
};

/** The settings of one account: on/off, default mode, Buy Time promise, review rules, ignored senders, engine. */
export function DraftingSettingsForm({ accountId, answer, maxHours, onDone }: DraftingSettingsFormProps) {
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(answer.settings));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const update = useUpdateDraftingSettings();
  const id = useId();
  const set = <F extends SettingsField>(field: F, value: SettingsForm[F]) => setForm((before) => ({ ...before, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = settingsFromForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { accountId, changes: checked.settings },
      {
        onSuccess: () => {
          toast.success(L.saved);
          onDone();
        },
        onError: (error) => {
          toast.error(L.saveFailed, { description: error.message });
          if ('fields' in error && error.fields && typeof error.fields === 'object') setErrors(error.fields as typeof errors);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-enabled`}>{L.enabled}</Label>
        <Switch id={`${id}-enabled`} checked={form.enabled} onCheckedChange={(on) => set('enabled', on)} />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{L.defaultMode}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(['full', 'buy_time'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={form.defaultMode === mode}
                onChange={() => set('defaultMode', mode)}
                className="size-4 accent-primary"
              />
              {DRAFTS_LABELS.modes[mode]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{L.defaultModeHint}</p>
      </fieldset>

      <Field id={`${id}-hours`} label={L.buyTimeHours} hint={L.buyTimeHoursHint(maxHours)} error={errors.buyTimeHours}>
        <Input
          id={`${id}-hours`}
          inputMode="numeric"
          value={form.buyTimeHours}
          onChange={(event) => set('buyTimeHours', event.target.value)}
          className="w-28"
          aria-invalid={errors.buyTimeHours ? true : undefined}
          aria-describedby={`${id}-hours-note`}
        />
      </Field>

      <ListField
        id={`${id}-words`}
        label={L.reviewWords}
        hint={L.reviewWordsHint}
        error={errors.reviewWords}
        value={form.reviewWords}
        onChange={(value) => set('reviewWords', value)}
      />
      <ListField
        id={`${id}-senders`}
        label={L.reviewSenders}
        hint={L.reviewSendersHint}
        error={errors.reviewSenders}
        value={form.reviewSenders}
        onChange={(value) => set('reviewSenders', value)}
      />
      <ListField
        id={`${id}-ignored`}
        label={L.ignoredSenders}
        hint={L.ignoredSendersHint}
        error={errors.ignoredSenders}
        value={form.ignoredSenders}
        onChange={(value) => set('ignoredSenders', value)}
      />

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{L.engine}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-engine`}
            checked={form.engine === 'builtin'}
            onChange={() => set('engine', 'builtin')}
            className="size-4 accent-primary"
          />
          {L.engineBuiltin}
        </label>
        <label className="flex items-center gap-2 text-sm has-disabled:opacity-60">
          <input
            type="radio"
            name={`${id}-engine`}
            checked={form.engine === 'llm'}
            disabled={!answer.llmAvailable}
            aria-describedby={answer.llmAvailable ? undefined : `${id}-llm-why`}
            onChange={() => set('engine', 'llm')}
            className="size-4 accent-primary"
          />
          {L.engineLlm(answer.llmModel)}
        </label>
        {answer.llmAvailable ? null : (
          <p id={`${id}-llm-why`} className="text-xs text-muted-foreground">
            {L.llmUnavailable}
          </p>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {DRAFTS_LABELS.actions.discard}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {L.save}
        </Button>
      </div>
    </form>
  );
}

type FieldProps = { id: string; label: string; hint: string; error: string | undefined; children: ReactNode };

/** A label, the control, and under it the hint or the error (`<id>-note`, for aria-describedby). */
function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <p id={`${id}-note`} className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {error ?? hint}
      </p>
    </div>
  );
}

type ListFieldProps = {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
};

function ListField({ id, label, hint, error, value, onChange }: ListFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        value={value}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
      />
    </Field>
  );
}
