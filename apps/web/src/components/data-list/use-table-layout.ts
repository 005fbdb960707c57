import { useMediaQuery } from '@mantine/hooks';

/** From 1280 px a list is a table; below it, cards. */
export const TABLE_QUERY = '(min-width: 80em)';

/**
 * Whether a list is drawn as a table (wide screens) or as cards: known on the first
 * render, so a list never flashes the other layout.
 */
export function useTableLayout(query: string = TABLE_QUERY) {
  return useMediaQuery(query, true, { getInitialValueInEffect: false });
}
