import { Skeleton } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';

/**
 * A chart drawn in a render React may interrupt: the page (its figures and tables) shows
 * first, and the drawing's work is cut into slices that leave the browser free to answer
 * in between, instead of one long task when the figures arrive.
 */
export function DeferredDraw({ height, children }: { height: number; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : <Skeleton height={height} radius="sm" aria-hidden />;
}
