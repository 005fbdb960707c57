import { Grid, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The shape of a dashboard while it loads: a row of stat cards and two panels. */
export function DashboardSkeleton({ cards }: { cards: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: cards }} spacing="md">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Paper key={index} withBorder p="md">
            <Stack gap={8}>
              <Skeleton height={12} width="55%" />
              <Skeleton height={30} width="35%" />
              <Skeleton height={10} width="70%" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Skeleton height={18} width="40%" />
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} height={48} />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Skeleton height={18} width="30%" />
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} height={32} />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
