import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { IconPower } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * An icon button in a list row: a short tooltip for the eye, a full label for screen
 * readers. With `refusal`, the action is one the server would refuse: the button is shown
 * disabled but stays focusable, and its tooltip (on hover, focus or touch) says why.
 */
export function RowAction({
  tooltip,
  label,
  icon,
  onClick,
  refusal,
  ...props
}: ActionIconProps & {
  tooltip: string;
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  refusal?: string | null;
}) {
  if (refusal) {
    return (
      <Tooltip label={refusal} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          size="lg"
          variant="subtle"
          aria-label={label}
          aria-disabled
          data-disabled
          onClick={(event) => event.preventDefault()}
          {...props}
          loading={false}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
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
  refusal,
}: {
  name: string;
  isActive: boolean;
  loading: boolean;
  onToggle: () => void;
  refusal?: string | null;
}) {
  const verb = isActive ? 'Deactivate' : 'Activate';
  return (
    <RowAction
      tooltip={verb}
      label={`${verb} ${name}`}
      color={isActive ? 'orange.9' : 'green.9'}
      loading={loading}
      onClick={onToggle}
      refusal={refusal}
      icon={<IconPower size={18} aria-hidden />}
    />
  );
}
