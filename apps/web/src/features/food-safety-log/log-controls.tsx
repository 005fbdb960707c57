import {
  FOOD_SAFETY_LOG_PERIODS,
  type FoodSafetyLogPeriod,
  shiftLogPeriod,
} from '@brigade/core/schemas/food-safety-log';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface LogControlsProps {
  period: FoodSafetyLogPeriod;
  from: string;
  onChange: (next: { period: FoodSafetyLogPeriod; from: string }) => void;
}

/** Day, Week or Month; the day the period is around (the phone's own date picker); the period before and after. */
export function LogControls({ period, from, onChange }: LogControlsProps) {
  const { t } = useLingui();
  const labels: Record<FoodSafetyLogPeriod, string> = {
    day: t({ message: 'Day', context: 'log period' }),
    week: t({ message: 'Week', context: 'log period' }),
    month: t({ message: 'Month', context: 'log period' }),
  };
  const previous = { day: t`Previous day`, week: t`Previous week`, month: t`Previous month` }[period];
  const next = { day: t`Next day`, week: t`Next week`, month: t`Next month` }[period];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t`Period`}
        data={FOOD_SAFETY_LOG_PERIODS.map((value) => ({ value, label: labels[value] }))}
        value={period}
        onChange={(value) => onChange({ period: value as FoodSafetyLogPeriod, from })}
        style={{ flex: '1 1 240px' }}
        fullWidth
      />
      <Group gap={6} wrap="nowrap" align="flex-end" style={{ flex: '1 1 260px' }}>
        <ActionIcon
          variant="default"
          size={42}
          aria-label={previous}
          onClick={() => onChange({ period, from: shiftLogPeriod(period, from, -1) })}
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>
        <TextInput
          type="date"
          label={t`Date`}
          value={from}
          onChange={(event) => {
            // A cleared or half-typed date keeps the period shown.
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.currentTarget.value)) {
              onChange({ period, from: event.currentTarget.value });
            }
          }}
          style={{ flex: 1 }}
          size="md"
        />
        <ActionIcon
          variant="default"
          size={42}
          aria-label={next}
          onClick={() => onChange({ period, from: shiftLogPeriod(period, from, 1) })}
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
