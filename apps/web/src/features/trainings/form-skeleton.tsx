import { useLingui } from '@lingui/react/macro';
import { Paper, Skeleton, Stack } from '@mantine/core';
import { FORM_WIDTH } from './training-form';

export function FormSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH} role="status" aria-busy="true" aria-label={t`Loading training`}>
      <Stack>
        {[0, 1, 2, 3, 4].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width={90} />
            <Skeleton height={36} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
