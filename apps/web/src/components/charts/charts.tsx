// The chart components and their styles, in a chunk of their own: only a screen that
// draws a chart downloads recharts (lazy-charts.ts).
import '@mantine/charts/styles.layer.css';

export { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
