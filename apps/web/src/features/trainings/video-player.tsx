import { messages } from '@brigade/core/messages';
import type { TrainingVideo } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconCircleCheckFilled } from '@tabler/icons-react';
import { type SyntheticEvent, useId, useRef, useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import { useMarkVideoWatched } from './api/mark-video-watched';
import classes from './video-player.module.css';

interface VideoPlayerProps {
  trainingId: string;
  videos: TrainingVideo[];
}

/**
 * The training's playlist (core §2): the current video, numbered Video buttons (the
 * current one pressed, watched ones ticked) and Previous / Next. A video played to the
 * end is recorded as watched and the next one starts by itself. Downloading, the
 * picture-in-picture window and the context menu are turned off.
 */
export function VideoPlayer({ trainingId, videos }: VideoPlayerProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const [current, setCurrent] = useState(0);
  // Only a choice made by the person (or the end of the previous video) starts playback.
  const [autoPlay, setAutoPlay] = useState(false);
  // The video the browser could not load (unreachable address, unsupported file).
  const [failedId, setFailedId] = useState<string | null>(null);
  // An uploaded video kept in a bucket plays from a link that works for a few minutes
  // (S3_PLAYBACK_URL_SECONDS). When the video had loaded and later fails (the link expired
  // during a pause or a long viewing), loading it again gets a fresh link from the server
  // and playback resumes where it was; at most once a minute, so a real failure still shows.
  const loadedId = useRef<string | null>(null);
  const reloadedAt = useRef(0);
  const markWatched = useMarkVideoWatched();
  const playlistId = useId();
  const index = Math.min(current, videos.length - 1);
  const video = videos[index];

  if (!video) {
    return (
      <Text c="gray.7" role="status">
        <Trans>This training has no videos yet.</Trans>
      </Text>
    );
  }

  function show(next: number) {
    if (next < 0 || next >= videos.length) return;
    setCurrent(next);
    setAutoPlay(true);
  }

  function onEnded() {
    if (video && !video.watched) markWatched.mutate({ trainingId, videoId: video.id });
    if (index + 1 < videos.length) show(index + 1);
  }

  function onVideoError(event: SyntheticEvent<HTMLVideoElement>) {
    if (!video) return;
    const element = event.currentTarget;
    if (video.kind === 'upload' && loadedId.current === video.id && Date.now() - reloadedAt.current > 60_000) {
      reloadedAt.current = Date.now();
      const at = element.currentTime;
      const playing = !element.paused;
      element.addEventListener(
        'loadedmetadata',
        () => {
          element.currentTime = at;
          if (playing) element.play().catch(() => {});
        },
        { once: true },
      );
      element.load();
      return;
    }
    setFailedId(video.id);
  }

  const number = index + 1;
  const count = videos.length;
  const label = t`Video ${number} of ${count}`;

  return (
    <Stack gap="sm">
      <div className={classes.screen}>
        {video.src ? (
          // biome-ignore lint/a11y/useMediaCaption: training videos come from hq without caption tracks.
          <video
            key={video.id}
            className={classes.video}
            src={video.src}
            controls
            controlsList="nodownload"
            disablePictureInPicture
            playsInline
            preload="metadata"
            autoPlay={autoPlay}
            aria-label={label}
            onContextMenu={(event) => event.preventDefault()}
            onEnded={onEnded}
            onError={onVideoError}
            onLoadedMetadata={() => {
              loadedId.current = video.id;
            }}
            onLoadedData={() => setFailedId((current) => (current === video.id ? null : current))}
          />
        ) : (
          <div className={classes.invalid}>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" maw={480}>
              {text(messages.invalidVideoUrl)}
            </Alert>
          </div>
        )}
      </div>

      {video.src && failedId === video.id && (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="status">
          <Trans>This video could not be loaded. Check your connection, or ask head office to check its address.</Trans>
        </Alert>
      )}

      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={index === 0}
          onClick={() => show(index - 1)}
        >
          <Trans>Previous</Trans>
        </Button>
        <Text size="sm" c="gray.7" ta="center" aria-live="polite">
          {label}
          {video.fileName ? ` · ${video.fileName}` : ''}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={index === videos.length - 1}
          onClick={() => show(index + 1)}
        >
          <Trans>Next</Trans>
        </Button>
      </Group>

      <section aria-labelledby={playlistId} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        <Title order={2} fz="md" id={playlistId} mb="xs">
          <Trans>Playlist</Trans>
        </Title>
        <ol className={classes.playlist}>
          {videos.map((item, position) => {
            const selected = position === index;
            const itemNumber = position + 1;
            return (
              <li key={item.id}>
                <Button
                  size="sm"
                  variant={selected ? 'filled' : 'default'}
                  aria-pressed={selected}
                  onClick={() => show(position)}
                  rightSection={
                    item.watched ? (
                      <IconCircleCheckFilled
                        size={16}
                        aria-hidden
                        color={selected ? 'white' : 'var(--mantine-color-green-8)'}
                      />
                    ) : undefined
                  }
                >
                  <Trans>Video {itemNumber}</Trans>
                  {item.watched && <VisuallyHidden> {t`(watched)`}</VisuallyHidden>}
                </Button>
              </li>
            );
          })}
        </ol>
      </section>
    </Stack>
  );
}
