import { messages } from '@brigade/core/messages';
import type { ManagerDashboard } from '@brigade/core/schemas/dashboards';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

type StaffProgress = ManagerDashboard['staffProgress'][number];

function percentOf(person: StaffProgress) {
  return person.total === 0 ? 0 : Math.round((person.completed / person.total) * 100);
}

/** Green when done, yellow past half way, red below (the score colours of core §9 by analogy). */
function colourOf(person: StaffProgress) {
  const percent = percentOf(person);
  if (percent === 100) return 'green.8';
  return percent >= 50 ? 'yellow.6' : 'red.8';
}

/**
 * The manager dashboard's side widget (the spec leaves its content open): each staff
 * member's completed and assigned trainings, lowest completion first (`undefined` while
 * the dashboard loads).
 */
export function StaffProgressWidget({ staff }: { staff: readonly StaffProgress[] | undefined }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Training Completion</Trans>
        </Title>
        <Text size="sm" c="gray.7">
          <Trans>Per staff member, lowest first</Trans>
        </Text>
      </Stack>
      {staff === undefined ? (
        <ListSkeleton rows={4} height={34} />
      ) : staff.length === 0 ? (
        <EmptyList title={text(messages.noRestaurantStaff)} icon={<IconUsers size={28} aria-hidden />} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {staff.map((person) => {
            const { name, completed, total } = person;
            return (
              <li key={person.id} className={classes.item}>
                <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    {total === 0 ? t`No trainings` : t`${completed}/${total} completed`}
                  </Text>
                </Group>
                <Progress.Root size="sm" aria-hidden={total === 0 || undefined}>
                  <Progress.Section
                    value={percentOf(person)}
                    color={colourOf(person)}
                    aria-label={t`${name}: ${completed} of ${total} trainings completed`}
                  />
                </Progress.Root>
              </li>
            );
          })}
        </Stack>
      )}
      <Anchor component={Link} to="/training-assignments" size="sm" mt="md" display="inline-block">
        <Trans>View training assignments</Trans>
      </Anchor>
    </Paper>
  );
}
