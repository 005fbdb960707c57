import { clockWasOff } from '@brigade/core/offline';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';

interface OfflineTimesProps {
  /** When it was done: the device's time corrected by its clock's offset. */
  recordedAt: string;
  /** When the server received it. */
  receivedAt: string;
  clockOffsetSeconds: number | null;
  /** A time as the record shows it (the restaurant's clock). */
  at: (iso: string) => string;
}

/**
 * A value or submit made offline (issue 34): when it was done on the device and when it
 * arrived, and a flag when the device's clock was more than 10 minutes off (core
 * `clockWasOff`), since its time was corrected by that much.
 */
export function OfflineTimes({ recordedAt, receivedAt, clockOffsetSeconds, at }: OfflineTimesProps) {
  const { t } = useLingui();
  const recorded = at(recordedAt);
  const received = at(receivedAt);
  const minutes = Math.round(Math.abs(clockOffsetSeconds ?? 0) / 60);
  return (
    <>
      <Text size="sm" c="gray.7">
        <Trans>
          Recorded at {recorded} on this device, received {received}
        </Trans>
      </Text>
      {clockWasOff(clockOffsetSeconds) && (
        <Group gap={4} c="orange.9" wrap="nowrap" align="flex-start">
          <IconClockExclamation size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fw={600}>
            {t({
              message: plural(minutes, {
                one: "The phone's clock was # minute off: the time shown is corrected",
                other: "The phone's clock was # minutes off: the time shown is corrected",
              }),
            })}
          </Text>
        </Group>
      )}
    </>
  );
}
