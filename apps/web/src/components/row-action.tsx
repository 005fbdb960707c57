import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { IconPower } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An icon button in a list row: a short tooltip for the eye, a full label for screen readers. */
export function RowAction({
  tooltip,
  label,
  icon,
  onClick,
  ...props
}: ActionIconProps & { tooltip: string; label: string; icon: ReactNode; onClick?: () => void }) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon size="lg" variant="subtle" aria-label={label} onClick={onClick} {...props}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The power button that flips a row between active and inactive (core §4). */
export function ActiveToggle({
  name,
  isActive,
  loading,
  onToggle,
}: {
  name: string;
  isActive: boolean;
  loading: boolean;
  onToggle: () => void;
}) {
  const verb = isActive ? 'Deactivate' : 'Activate';
  return (
    <RowAction
      tooltip={verb}
      label={`${verb} ${name}`}
      color={isActive ? 'orange.9' : 'green.9'}
      loading={loading}
      onClick={onToggle}
      icon={<IconPower size={18} aria-hidden />}
    />
  );
}
