import { HEATMAP_WEEKDAYS } from '@penman/contract';
import { cn } from '@/lib/utils.ts';
import { heatmapCellLabel } from './chart-summaries.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type HeatmapProps = { title: string; grid: number[][]; subject: 'received' | 'sent'; color: string };

/** A 7 x 24 grid of counts (Monday first, UTC hours), shaded by count. Screen readers get the card's caption. */
export function WeekdayHourHeatmap({ title, grid, subject, color }: HeatmapProps) {
  const max = Math.max(1, ...grid.flat());
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <div aria-hidden="true" className="overflow-x-auto">
        <div className="grid min-w-[420px] grid-cols-[2.5rem_repeat(24,minmax(0,1fr))] gap-[2px] text-[10px] text-muted-foreground">
          <span />
          {HOURS.map((hour) => (
            <span key={hour} className="text-center tabular-nums">
              {hour % 3 === 0 ? hour : ''}
            </span>
          ))}
          {grid.map((row, weekday) => (
            <div key={HEATMAP_WEEKDAYS[weekday]} className="contents">
              <span className="self-center pr-1 text-xs">{HEATMAP_WEEKDAYS[weekday]}</span>
              {row.map((count, hour) => (
                <span
                  key={HOURS[hour]}
                  title={heatmapCellLabel(weekday, hour, count, subject)}
                  className={cn('aspect-square rounded-[3px]', count === 0 && 'bg-muted')}
                  style={count > 0 ? { backgroundColor: color, opacity: 0.18 + 0.82 * (count / max) } : undefined}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
