import type { NoteCategory, VisitStatus } from '@brigade/core/schemas/store-performance';
import { Trans } from '@lingui/react/macro';
import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';

/**
 * One look per visit status, after the board's own colours (red Stuck, orange-yellow
 * Working on it, green Done). Filled fills whose text keeps 4.5:1 contrast (axe): white
 * on red 9, on a darkened green and on violet 9; black on yellow 4 (theme autoContrast).
 */
const STATUS_LOOKS: Record<VisitStatus, Pick<BadgeProps, 'variant' | 'color' | 'c'>> = {
  Stuck: { variant: 'filled', color: 'red.9' },
  'Working on it': { variant: 'filled', color: 'yellow.4' },
  Done: { variant: 'filled', color: '#277c38' },
  'Franchisee responsibility': { variant: 'filled', color: 'violet.9' },
  'No status': { variant: 'outline', color: 'gray', c: 'gray.8' },
};

const common = { size: 'md', tt: 'none', style: { flexShrink: 0, minWidth: 'max-content' } } as const;

/** A visit's or a note's status; `data-status` names it for tests and styles. */
export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  return (
    <Badge {...common} {...STATUS_LOOKS[status]} data-status={status}>
      <VisuallyHidden>
        <Trans>Status:</Trans>{' '}
      </VisuallyHidden>
      {status}
    </Badge>
  );
}

/** A note's category, in one neutral look (the status carries the colour). */
export function NoteCategoryBadge({ category }: { category: NoteCategory }) {
  return (
    <Badge {...common} variant="light" color="indigo" c="indigo.9" data-category={category}>
      <VisuallyHidden>
        <Trans>Category:</Trans>{' '}
      </VisuallyHidden>
      {category}
    </Badge>
  );
}
