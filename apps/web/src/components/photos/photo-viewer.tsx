import type { PhotoRef } from '@brigade/core/schemas/photos';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, Image, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface PhotoViewerProps {
  photos: readonly PhotoRef[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  /** What the photos are of (an item's text), for the title and the images' alt text. */
  label: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * One photo at display size in a modal: Previous / Next buttons and the arrow keys move
 * between the photos, Escape or the close button closes (Mantine's Modal keeps the focus
 * inside while it is open and gives it back to the thumbnail after).
 */
export function PhotoViewer({ photos, index, label, onIndexChange, onClose }: PhotoViewerProps) {
  const { t } = useLingui();
  const photo = index === null ? undefined : photos[index];
  const number = (index ?? 0) + 1;
  const count = photos.length;
  const move = (step: number) => {
    if (index !== null && count > 1) onIndexChange((index + step + count) % count);
  };
  // Wherever the focus is inside the open viewer (the close button first), arrows move.
  useWindowEvent('keydown', (event: KeyboardEvent) => {
    if (index === null) return;
    if (event.key === 'ArrowLeft') move(-1);
    if (event.key === 'ArrowRight') move(1);
  });
  return (
    <Modal
      opened={photo !== undefined}
      onClose={onClose}
      title={t`${label}: photo ${number} of ${count}`}
      size="xl"
      fullScreen={false}
      centered
      closeButtonProps={{ 'aria-label': t`Close photo` }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      {photo && (
        <Box>
          <Image
            src={photo.displayUrl}
            alt={t`${label}: photo ${number} of ${count}`}
            fit="contain"
            mah="70vh"
            w="100%"
            style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
          />
          {count > 1 && (
            <Group justify="space-between" mt="sm">
              <ActionIcon variant="default" size="lg" aria-label={t`Previous photo`} onClick={() => move(-1)}>
                <IconChevronLeft aria-hidden />
              </ActionIcon>
              <Text size="sm" c="gray.7" aria-live="polite">
                {(index ?? 0) + 1} / {count}
              </Text>
              <ActionIcon variant="default" size="lg" aria-label={t`Next photo`} onClick={() => move(1)}>
                <IconChevronRight aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Box>
      )}
    </Modal>
  );
}
