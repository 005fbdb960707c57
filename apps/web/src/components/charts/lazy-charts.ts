import { lazy } from 'react';

const charts = () => import('./charts');

/** Mantine's charts, each loaded with recharts on first draw; render inside `ChartPanel` (it holds the Suspense). */
export const LineChart = lazy(() => charts().then((module) => ({ default: module.LineChart })));
export const BarChart = lazy(() => charts().then((module) => ({ default: module.BarChart })));
export const AreaChart = lazy(() => charts().then((module) => ({ default: module.AreaChart })));
export const DonutChart = lazy(() => charts().then((module) => ({ default: module.DonutChart })));
