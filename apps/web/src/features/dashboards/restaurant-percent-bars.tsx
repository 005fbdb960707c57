import { BarChart } from '../../components/charts/lazy-charts';
import { PERCENT_DOMAIN, PERCENT_TICKS, percentText } from './chart-format';

/** One bar per restaurant: this tall, so the axis can wrap a name on two lines. */
const BAR_HEIGHT = 36;
/** Longer names are cut on the axis; the tooltip and the table give them whole. */
const AXIS_NAME_LENGTH = 36;

function shortName(name: string) {
  return name.length > AXIS_NAME_LENGTH ? `${name.slice(0, AXIS_NAME_LENGTH - 1)}…` : name;
}

/** The height of a chart of this many restaurants' bars (an empty one keeps one bar's room). */
export function barsHeight(count: number): number {
  return Math.max(count, 1) * BAR_HEIGHT + 40;
}

interface RestaurantPercentBarsProps {
  bars: { name: string; percent: number }[];
  /** What a bar's value is, in the tooltip: "Average score", "Completed". */
  label: string;
  /** One colour for every bar, or a colour per value. */
  color: string | ((percent: number) => string);
}

/** hq's charts of restaurants by a percentage, one horizontal bar each, on a 0–100 axis. */
export function RestaurantPercentBars({ bars, label, color }: RestaurantPercentBarsProps) {
  return (
    <BarChart
      h={barsHeight(bars.length)}
      data={bars}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'percent', label, color: typeof color === 'string' ? color : undefined }]}
      getBarColor={typeof color === 'string' ? undefined : color}
      xAxisProps={{ domain: PERCENT_DOMAIN, ticks: PERCENT_TICKS }}
      yAxisProps={{ width: 140, tickFormatter: shortName }}
      valueFormatter={percentText}
      gridAxis="y"
      // The panel's Table view is the keyboard's and screen reader's way in.
      accessibilityLayer={false}
    />
  );
}
