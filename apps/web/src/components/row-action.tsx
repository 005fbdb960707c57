import { useLingui } from '@lingui/react/macro';
import { ActionIcon, type ActionIconProps, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirmDelete } from './confirm-delete';

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
  const { t } = useLingui();
  return (
    <RowAction
      tooltip={isActive ? t`Deactivate` : t`Activate`}
      label={isActive ? t`Deactivate ${name}` : t`Activate ${name}`}
      color={isActive ? 'orange.9' : 'green.9'}
      loading={loading}
      onClick={onToggle}
      refusal={refusal}
      icon={<IconPower size={18} aria-hidden />}
    />
  );
}

interface RowActionsProps {
  /** The row's name, in each button's accessible label ("Edit Downtown"). */
  name: string;
  isActive: boolean;
  toggling: boolean;
  onToggleActive: () => void;
  onEdit: () => void;
  deleting: boolean;
  /** What the confirmation asks before `onDelete` runs. */
  deleteConfirm: { title: string; message: ReactNode };
  onDelete: () => void;
  /** Why the server would refuse an action, for the ones it would (shown disabled, with the reason). */
  refusals?: { setActive?: string | null; save?: string | null; delete?: string | null };
}

/** A managed row's Power (toggle active), Edit and Delete, each named after the row (core §3, §4). */
export function RowActions({
  name,
  isActive,
  toggling,
  onToggleActive,
  onEdit,
  deleting,
  deleteConfirm,
  onDelete,
  refusals = {},
}: RowActionsProps) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      <ActiveToggle
        name={name}
        isActive={isActive}
        loading={toggling}
        onToggle={onToggleActive}
        refusal={refusals.setActive}
      />
      <RowAction
        tooltip={t`Edit`}
        label={t`Edit ${name}`}
        color="indigo"
        onClick={onEdit}
        refusal={refusals.save}
        icon={<IconPencil size={18} aria-hidden />}
      />
      <RowAction
        tooltip={t`Delete`}
        label={t`Delete ${name}`}
        color="red.9"
        loading={deleting}
        refusal={refusals.delete}
        icon={<IconTrash size={18} aria-hidden />}
        onClick={() => confirmDelete({ ...deleteConfirm, onConfirm: onDelete })}
      />
    </Group>
  );
}
