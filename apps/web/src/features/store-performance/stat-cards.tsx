import type { StorePerformance } from '@brigade/core/schemas/store-performance';
import { useLingui } from '@lingui/react/macro';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClipboardCheck, IconUsers, type TablerIcon } from '@tabler/icons-react';
import { useId } from 'react';

interface StatCardProps {
  title: string;
  value: number;
  description: string;
  icon: TablerIcon;
}

function StatCard({ title, value, description, icon: Icon }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={titleId} size="sm" fw={600} c="gray.8">
            {title}
          </Text>
          <Text fz={32} fw={700} lh={1.2} mt={4}>
            {value}
          </Text>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <Icon size={22} stroke={1.75} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The three figures at the top (reports §2 "Store Performance"). */
export function StatCards({ stats }: { stats: StorePerformance['stats'] }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        title={t`Total Staff`}
        value={stats.totalStaff}
        description={t`Assigned staff members`}
        icon={IconUsers}
      />
      <StatCard
        title={t`Overdue Trainings`}
        value={stats.overdueTrainings}
        description={t`Incomplete training modules`}
        icon={IconAlertTriangle}
      />
      <StatCard
        title={t`Total Audits`}
        value={stats.totalAudits}
        description={t`Completed store audits`}
        icon={IconClipboardCheck}
      />
    </SimpleGrid>
  );
}
