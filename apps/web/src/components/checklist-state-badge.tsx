import type { ChecklistRunState } from '@brigade/core/schemas/checklists';
import { useLingui } from '@lingui/react/macro';
import { Badge, type BadgeProps } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconClockHour4,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Where a checklist record stands (issue 33, decision 032), always in words beside an
 * icon, never by colour alone: Upcoming, Open now, Done, Done late, Missed. Filled
 * colours are the ones whose text keeps 4.5:1 contrast (theme autoContrast); the quiet
 * states are light badges with dark text. Shared by Today, a record, the dashboards
 * and the food-safety log.
 */
const LOOKS: Record<ChecklistRunState, { color: string; variant: BadgeProps['variant']; icon: ReactNode }> = {
  upcoming: { color: 'gray', variant: 'light', icon: <IconClockHour4 size={14} aria-hidden /> },
  open: { color: 'indigo.8', variant: 'filled', icon: <IconPlayerPlay size={14} aria-hidden /> },
  done: { color: '#277c38', variant: 'filled', icon: <IconCircleCheck size={14} aria-hidden /> },
  late: { color: 'yellow.4', variant: 'filled', icon: <IconClockExclamation size={14} aria-hidden /> },
  missed: { color: 'red.9', variant: 'filled', icon: <IconAlertTriangle size={14} aria-hidden /> },
};

export function useChecklistStateLabel(): (state: ChecklistRunState) => string {
  const { t } = useLingui();
  return (state) => {
    switch (state) {
      case 'upcoming':
        return t({ message: 'Upcoming', context: 'checklist' });
      case 'open':
        return t({ message: 'Open now', context: 'checklist' });
      case 'done':
        return t({ message: 'Done', context: 'checklist' });
      case 'late':
        return t({ message: 'Done late', context: 'checklist' });
      case 'missed':
        return t({ message: 'Missed', context: 'checklist' });
    }
  };
}

export function ChecklistStateBadge({ state, size = 'md' }: { state: ChecklistRunState; size?: BadgeProps['size'] }) {
  const label = useChecklistStateLabel();
  const look = LOOKS[state];
  return (
    <Badge
      size={size}
      color={look.color}
      variant={look.variant}
      c={look.variant === 'light' ? 'gray.9' : undefined}
      leftSection={look.icon}
      tt="none"
      data-state={state}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label(state)}
    </Badge>
  );
}
