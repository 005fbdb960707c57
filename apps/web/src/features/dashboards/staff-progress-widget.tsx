import { messages } from '@brigade/core/messages';
import type { ManagerDashboard } from '@brigade/core/schemas/dashboards';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
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
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          Training Completion
        </Title>
        <Text size="sm" c="gray.7">
          Per staff member, lowest first
        </Text>
      </Stack>
      {staff === undefined ? (
        <ListSkeleton rows={4} height={34} />
      ) : staff.length === 0 ? (
        <EmptyList title={messages.noRestaurantStaff} icon={<IconUsers size={28} aria-hidden />} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {staff.map((person) => (
            <li key={person.id} className={classes.item}>
              <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
                <Text size="sm" fw={600} truncate>
                  {person.name}
                </Text>
                <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                  {person.total === 0 ? 'No trainings' : `${person.completed}/${person.total} completed`}
                </Text>
              </Group>
              <Progress.Root size="sm" aria-hidden={person.total === 0 || undefined}>
                <Progress.Section
                  value={percentOf(person)}
                  color={colourOf(person)}
                  aria-label={`${person.name}: ${person.completed} of ${person.total} trainings completed`}
                />
              </Progress.Root>
            </li>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/training-assignments" size="sm" mt="md" display="inline-block">
        View training assignments
      </Anchor>
    </Paper>
  );
}
