import { axisDay, barsOf, labelledDays } from '@/lib/earnings.ts';

const WIDTH = 320;
const HEIGHT = 96;
const AXIS = 16;

/**
 * A small SVG bar chart of one value per day (no chart library: this is all the statistics screen needs). The
 * figures are also in an accessible list: the SVG is a picture of it.
 */
export function BarChart({
  days,
  label,
  dayLabel,
  valueLabel,
  testId,
}: {
  days: readonly { day: string; value: number; text: string }[];
  /** What the chart shows, for screen readers. */
  label: string;
  dayLabel(day: string): string;
  valueLabel(text: string): string;
  testId: string;
}) {
  const bars = barsOf(
    days.map((d) => d.value),
    WIDTH,
    HEIGHT,
    days.length > 10 ? 3 : 10,
  );
  const labelled = labelledDays(days.length);
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        width="100%"
        role="img"
        aria-label={label}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} stroke="var(--adm-color-border)" />
        {bars.map((bar, i) => (
          <rect
            key={days[i]!.day}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={Math.min(3, bar.width / 2)}
            fill="var(--adm-color-primary)"
          >
            <title>{`${dayLabel(days[i]!.day)}: ${valueLabel(days[i]!.text)}`}</title>
          </rect>
        ))}
        {bars.map((bar, i) =>
          labelled.has(i) ? (
            <text
              key={`label-${days[i]!.day}`}
              // The last label ends at the chart's edge instead of running past it.
              x={i === bars.length - 1 ? bar.x + bar.width : bar.x + bar.width / 2}
              y={HEIGHT + AXIS - 3}
              textAnchor={i === bars.length - 1 ? 'end' : 'middle'}
              fontSize={10}
              fill="var(--adm-color-weak)"
            >
              {axisDay(days[i]!.day)}
            </text>
          ) : null,
        )}
      </svg>
      <ul className="px-visually-hidden">
        {days.map((d) => (
          <li key={d.day} data-testid={`${testId}-day`} data-day={d.day} data-value={d.text}>
            {dayLabel(d.day)}: {valueLabel(d.text)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
