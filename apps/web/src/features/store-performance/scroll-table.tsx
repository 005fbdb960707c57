import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** Names the table and, on a phone, the scrollable area around it. */
  label: string;
  minWidth: number;
  /** The id of a line that says more about the table ("Data from monday.com"). */
  describedBy?: string;
  children: ReactNode;
}

/**
 * A table that scrolls sideways when the screen is narrower than `minWidth` (phones).
 * The scrolling area takes keyboard focus, so arrow keys can scroll it (axe:
 * scrollable-region-focusable); it is a named group, not a landmark, since the section
 * around it already is one.
 */
export function ScrollTable({ label, minWidth, describedBy, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="group"
      aria-label={label}
      // The containing block of visually hidden texts inside, which would otherwise widen the page.
      pos="relative"
    >
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label} aria-describedby={describedBy}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
