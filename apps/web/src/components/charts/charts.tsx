// The chart components and their styles, in a chunk of their own: only a screen that
// draws a chart downloads recharts (lazy-charts.ts).
import '@mantine/charts/styles.layer.css';
// @mantine/charts draws these core components (the legend's colour key is a ColorSwatch,
// the tooltip a Paper with Text in Groups). The build adds a component's styles only where
// a module of ours imports it by name, and none imports ColorSwatch: without its rules the
// legend's keys were 0×0 (issue 31). mantine-component-styles.ts puts each file in its layer.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Group.css';

export { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
