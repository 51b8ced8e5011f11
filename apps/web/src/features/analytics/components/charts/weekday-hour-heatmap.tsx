import { HEATMAP_WEEKDAYS } from '@penman/contract';
import { cn } from '@/lib/utils.ts';
import { heatmapCellLabel } from './chart-summaries.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type HeatmapProps = { title: string; grid: number[][]; subject: 'received' | 'sent'; color: string };

/**
 * A 7 x 24 grid of counts (Monday first, UTC hours), shaded by count. Screen readers get the card's
 * caption. The grid always fits its card: on a phone the cells shrink to about 10 px and the hours
 * are marked every 6 (every 3 from `sm`), so no hour is cut off at the screen's edge.
 */
export function WeekdayHourHeatmap({ title, grid, subject, color }: HeatmapProps) {
  const max = Math.max(1, ...grid.flat());
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <div aria-hidden="true">
        <div className="grid grid-cols-[1.75rem_repeat(24,minmax(0,1fr))] gap-px text-[10px] text-muted-foreground sm:grid-cols-[2.5rem_repeat(24,minmax(0,1fr))] sm:gap-[2px]">
          <span />
          {HOURS.map((hour) => (
            <span key={hour} className={cn('text-center tabular-nums', hour % 6 !== 0 && 'max-sm:invisible')}>
              {hour % 3 === 0 ? hour : ''}
            </span>
          ))}
          {grid.map((row, weekday) => (
            <div key={HEATMAP_WEEKDAYS[weekday]} className="contents">
              <span className="self-center pr-1 text-[11px] sm:text-xs">{HEATMAP_WEEKDAYS[weekday]}</span>
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
