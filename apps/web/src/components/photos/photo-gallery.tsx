import type { PhotoRef } from '@brigade/core/schemas/photos';
import { useLingui } from '@lingui/react/macro';
import { Group, Image, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { PhotoViewer } from './photo-viewer';
import classes from './photos.module.css';

interface PhotoGalleryProps {
  photos: readonly PhotoRef[];
  /** What the photos are of (an item's text), for alt text and the viewer's title. */
  label: string;
}

/**
 * Thumbnails (loaded lazily, each a button) that open the photo at display size in a
 * viewer. Shows nothing when there are no photos.
 */
export function PhotoGallery({ photos, label }: PhotoGalleryProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  if (photos.length === 0) return null;
  return (
    <>
      <Group gap="xs" component="ul" className={classes.thumbs} aria-label={t`Photos of ${label}`}>
        {photos.map((photo, index) => {
          const number = index + 1;
          return (
            <li key={photo.id}>
              <UnstyledButton
                className={classes.thumbButton}
                onClick={() => setOpen(index)}
                aria-label={t`Open photo ${number} of ${count}: ${label}`}
              >
                <Image
                  src={photo.thumbUrl}
                  alt={t`${label}: photo ${number} of ${count}`}
                  loading="lazy"
                  className={classes.thumb}
                />
              </UnstyledButton>
            </li>
          );
        })}
      </Group>
      <PhotoViewer photos={photos} index={open} label={label} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
