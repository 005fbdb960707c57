import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** Green from 90 %, amber from 70 % (orange 9: yellow on white is below 3:1 even at this size), red below. */
function colourOf(percent: number) {
  if (percent >= 90) return 'green.8';
  return percent >= 70 ? 'orange.9' : 'red.8';
}

/**
 * A compliance figure of Store Performance (audits, checklists): its heading, the percent
 * ("—" when nothing was due) and a line saying what it counts, or why there is none.
 */
export function ComplianceCard({
  heading,
  percent,
  line,
}: {
  heading: ReactNode;
  percent: number | null;
  line: string;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={2} fz="lg" id={headingId}>
          {heading}
        </Title>
        <Text fz={32} fw={700} c={percent === null ? 'gray.7' : colourOf(percent)}>
          {percent === null ? '—' : `${percent}%`}
        </Text>
        <Text size="sm" c="gray.7">
          {line}
        </Text>
      </Stack>
    </Paper>
  );
}
