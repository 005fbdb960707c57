import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

interface RowOrderControlsProps {
  index: number;
  count: number;
  /** Each button's accessible name, in the list's own words ("Move video 2 up"). */
  labels: { up: string; down: string; remove: string };
  move: (from: number, to: number, direction: 'up' | 'down') => void;
  /** Absent: the row cannot be removed (a list that keeps at least one row). */
  onRemove?: () => void;
}

/** Up, down and remove for one row of an ordered form list (videos, template items). */
export function RowOrderControls({ index, count, labels, move, onRemove }: RowOrderControlsProps) {
  return (
    <>
      <ActionIcon
        size="lg"
        variant="subtle"
        color="gray.8"
        aria-label={labels.up}
        data-control="up"
        disabled={index === 0}
        onClick={() => move(index, index - 1, 'up')}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant="subtle"
        color="gray.8"
        aria-label={labels.down}
        data-control="down"
        disabled={index === count - 1}
        onClick={() => move(index, index + 1, 'down')}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      {onRemove && (
        <ActionIcon size="lg" variant="subtle" color="red.9" aria-label={labels.remove} onClick={onRemove}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}
