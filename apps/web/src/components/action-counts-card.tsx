import type { ActionCounts } from '@brigade/core/schemas/corrective-actions';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';

interface ActionCountsCardProps {
  /** `undefined` while the page's data loads. */
  counts: ActionCounts | undefined;
  /** hq on Store Performance: the list filtered to this restaurant. Dashboards link without one. */
  restaurantId?: string;
}

/**
 * Corrective actions at a glance, on the hq and manager dashboards and Store Performance:
 * how many are open and how many of those are overdue, each a link to the Actions list
 * filtered the same way.
 */
export function ActionCountsCard({ counts, restaurantId }: ActionCountsCardProps) {
  const { t } = useLingui();
  const link = (filter: string) => `/actions?${filter}${restaurantId ? `&restaurantId=${restaurantId}` : ''}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="action-counts-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Text size="sm" fw={600} c="gray.7" id="action-counts-title">
          <Trans>Corrective Actions</Trans>
        </Text>
        <ThemeIcon variant="light" color="orange" size="lg" radius="md" aria-hidden>
          <IconChecklist size={22} />
        </ThemeIcon>
      </Group>
      <Group grow gap="sm" align="stretch">
        <Figure
          label={t({ message: 'Open', context: 'corrective actions' })}
          value={counts?.open}
          to={link('status=open')}
        />
        <Figure
          label={t`Overdue`}
          value={counts?.overdue}
          to={link('overdue=true')}
          alert={(counts?.overdue ?? 0) > 0}
        />
      </Group>
    </Paper>
  );
}

interface FigureProps {
  label: string;
  value?: number;
  to: string;
  alert?: boolean;
}

/**
 * A figure and its word, one link. Its name is what it shows ("3 Open"), no aria-label:
 * someone using voice control says what they see (WCAG 2.5.3), and the card's heading,
 * "Corrective Actions", says what is counted.
 */
function Figure({ label, value, to, alert = false }: FigureProps) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Stack gap={0}>
        {value === undefined ? (
          <Skeleton height={38} width={56} />
        ) : (
          <Text fz={32} fw={700} lh={1.2} c={alert ? 'red.9' : undefined}>
            {value}
          </Text>
        )}
        <Text size="sm" c={alert ? 'red.9' : 'gray.7'} fw={alert ? 600 : undefined} td="underline">
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
