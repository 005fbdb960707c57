import type { PhotoRef } from '@brigade/core/schemas/photos';
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
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <Group gap="xs" component="ul" className={classes.thumbs} aria-label={`Photos of ${label}`}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <UnstyledButton
              className={classes.thumbButton}
              onClick={() => setOpen(index)}
              aria-label={`Open photo ${index + 1} of ${photos.length}: ${label}`}
            >
              <Image
                src={photo.thumbUrl}
                alt={`${label}: photo ${index + 1} of ${photos.length}`}
                loading="lazy"
                className={classes.thumb}
              />
            </UnstyledButton>
          </li>
        ))}
      </Group>
      <PhotoViewer photos={photos} index={open} label={label} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
