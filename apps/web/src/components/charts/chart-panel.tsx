import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { EmptyList } from '../empty-list';
import { LoadError } from '../load-error';

export interface ChartPanelProps {
  title: string;
  /** One line under the title: what is measured, over which period. */
  description?: string;
  /** The chart's figures in a sentence, read out instead of the drawing ("Average score rose from 71% to 84% over 12 weeks"). */
  summary: string;
  /** Drawing height in pixels; the skeleton takes the same space, so nothing jumps. */
  height?: number;
  loading: boolean;
  /** Set when loading failed: shown with a Retry button in place of the chart. */
  error?: { message: string; onRetry: () => void; retrying?: boolean };
  /** Nothing to draw: the empty state says so (and what would fill it). */
  empty: { when: boolean; title: string; description?: string };
  /** The drawing: one of `lazy-charts`, loaded on first show. */
  chart: ReactNode;
  /** The same figures as a table: the text alternative, and the view for reading exact numbers. */
  table: ReactNode;
  /** Inputs that change what is drawn (a restaurant to compare), under the title, in every state. */
  controls?: ReactNode;
}

type View = 'chart' | 'table';

/**
 * A chart with what every chart on Brigade has (issue 21): a title, a skeleton while the
 * figures load, an empty state, a retry on failure, and a "Chart / Table" switch whose
 * table is the chart's text alternative. The drawing carries `role="img"` with a summary
 * in words; its code (recharts) downloads the first time a chart is shown.
 */
export function ChartPanel({
  title,
  description,
  summary,
  height = 260,
  loading,
  error,
  empty,
  chart,
  table,
  controls,
}: ChartPanelProps) {
  const { t } = useLingui();
  const [view, setView] = useState<View>('chart');
  const titleId = useId();
  const skeleton = <Skeleton height={height} radius="sm" aria-hidden />;

  let body: ReactNode;
  if (loading) {
    body = (
      <div aria-busy="true">
        <VisuallyHidden>
          <Trans>Loading {title}</Trans>
        </VisuallyHidden>
        {skeleton}
      </div>
    );
  } else if (error) {
    body = <LoadError message={error.message} onRetry={error.onRetry} retrying={error.retrying} />;
  } else if (empty.when) {
    body = (
      <EmptyList title={empty.title} description={empty.description} icon={<IconChartLine size={28} aria-hidden />} />
    );
  } else if (view === 'table') {
    body = table;
  } else {
    body = (
      <div role="img" aria-label={summary} style={{ minHeight: height }}>
        <Suspense fallback={skeleton}>{chart}</Suspense>
      </div>
    );
  }

  const showSwitch = !loading && !error && !empty.when;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </div>
          {showSwitch && (
            <SegmentedControl
              size="xs"
              aria-label={t`Show ${title} as`}
              value={view}
              onChange={(value) => setView(value as View)}
              data={[
                { value: 'chart', label: t`Chart` },
                { value: 'table', label: t`Table` },
              ]}
            />
          )}
        </Group>
        {controls}
        {body}
      </Stack>
    </Paper>
  );
}
