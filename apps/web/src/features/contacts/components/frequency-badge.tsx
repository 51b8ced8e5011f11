import type { InteractionFrequency } from '@penman/contract';
import { Badge } from '@/components/ui/badge.tsx';
import { frequencyLabel } from './contact-display.ts';

/** Colours of the interaction-frequency bands, strongest darkest. */
const FREQUENCY_BADGE_CLASS: Record<InteractionFrequency, string> = {
  very_high: 'border-transparent bg-emerald-600 text-white',
  high: 'border-transparent bg-emerald-100 text-emerald-800',
  medium: 'border-transparent bg-amber-100 text-amber-800',
  low: 'border-transparent bg-slate-100 text-slate-700',
};

export function FrequencyBadge({ frequency }: { frequency: InteractionFrequency }) {
  return <Badge className={FREQUENCY_BADGE_CLASS[frequency]}>{frequencyLabel(frequency)}</Badge>;
}
