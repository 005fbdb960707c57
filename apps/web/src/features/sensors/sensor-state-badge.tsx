import type { SensorState } from '@brigade/core/schemas/sensors';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import { stateLabels } from './sensor-format';

/** A dot in the state's colour beside dark text (light coloured text on a light badge is below 4.5:1). */
const colours: Record<SensorState, string> = {
  ok: 'green.8',
  excursion: 'red.8',
  offline: 'orange.8',
  waiting: 'gray.6',
};

/** In range, Excursion live, Sensor offline or No readings yet. */
export function SensorStateBadge({ state }: { state: SensorState }) {
  const { i18n } = useLingui();
  return (
    <Badge
      variant="dot"
      color={colours[state]}
      c="dark.7"
      tt="none"
      size="lg"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {i18n._(stateLabels[state])}
    </Badge>
  );
}
