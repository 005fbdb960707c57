import { Skeleton, Stack, Text, type TextProps } from '@mantine/core';

/**
 * A line of text not yet known, as tall as that text will be (same size and line
 * height), so the card or panel keeps its height when the text arrives.
 */
export function TextSkeleton({ width, ...text }: TextProps & { width: number | string }) {
  return (
    <Skeleton width={width} aria-hidden>
      <Text {...text}>{'\u00a0'}</Text>
    </Skeleton>
  );
}

/** Rows of a panel's list while it loads: `rows` bars of `height` px. */
export function ListSkeleton({ rows, height }: { rows: number; height: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={row} height={height} />
      ))}
    </Stack>
  );
}

/** Announcements while they load: three of about the height of one (title, author line, two lines of text). */
export function AnnouncementsSkeleton() {
  return <ListSkeleton rows={3} height={88} />;
}
