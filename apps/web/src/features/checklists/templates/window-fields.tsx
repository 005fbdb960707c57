import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, Chip, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconMoon, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { type ChecklistForm, useFieldProps } from './checklist-form-fields';
import { newWindow } from './checklist-form-values';
import { crossesMidnight, WEEKDAYS, weekdayName } from './window-text';

/** Most a checklist has: a temperature log every hour is 24. */
const MAX_WINDOWS = 48;

/**
 * When the checklist is done, in the restaurant's own time: per window the weekdays (chips
 * Mon–Sun), a start and an end `HH:MM`; an end at or before the start is the next day
 * ("crosses midnight"), as Closing 22:00–00:30.
 */
export function WindowFields({ form }: { form: ChecklistForm }) {
  const { field, error } = useFieldProps(form);
  const windows = form.getValues().windows;
  const rootError = error('windows');

  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>
          <Trans>Time windows</Trans>
        </Text>
        <Text size="sm" c="gray.7">
          <Trans>In each restaurant's own time zone.</Trans>
        </Text>
      </div>
      {rootError && (
        <Alert color="red" variant="light" role="alert">
          {rootError}
        </Alert>
      )}
      {windows.map((window, index) => (
        <WindowRow
          key={window.key}
          form={form}
          index={index}
          onRemove={windows.length > 1 ? () => form.removeListItem('windows', index) : undefined}
          field={field}
          error={error}
        />
      ))}
      {windows.length < MAX_WINDOWS && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => form.insertListItem('windows', newWindow())}
          >
            <Trans>Add window</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface WindowRowProps extends ReturnType<typeof useFieldProps> {
  form: ChecklistForm;
  index: number;
  onRemove?: () => void;
}

function WindowRow({ form, index, onRemove, field, error }: WindowRowProps) {
  const { t } = useLingui();
  const daysId = useId();
  const window = form.getValues().windows[index];
  if (!window) return null;
  const number = index + 1;
  const path = `windows.${index}`;
  const daysError = error(`${path}.weekdays`);
  const overnight = crossesMidnight(window.start, window.end);

  return (
    <Fieldset legend={t`Window ${number}`}>
      <Stack gap="sm">
        <Input.Wrapper
          labelElement="div"
          label={t`Days`}
          labelProps={{ id: daysId }}
          required
          error={daysError}
          errorProps={{ role: 'alert' }}
        >
          <Chip.Group
            multiple
            value={window.weekdays.map(String)}
            onChange={(days) =>
              form.setFieldValue(
                `${path}.weekdays`,
                days.map(Number).sort((a, b) => a - b),
              )
            }
          >
            <Group gap={6} mt={6} role="group" aria-labelledby={daysId}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="md">
                  {weekdayName(day)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="time"
            label={t`Start`}
            required
            w={150}
            key={form.key(`${path}.start`)}
            {...field(`${path}.start`)}
          />
          <TextInput
            type="time"
            label={t`End`}
            required
            w={150}
            key={form.key(`${path}.end`)}
            {...field(`${path}.end`)}
          />
          {onRemove && (
            <ActionIcon
              size="lg"
              variant="subtle"
              color="red.9"
              mt={28}
              aria-label={t`Remove window ${number}`}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {overnight && (
          <Group gap={6} c="indigo.9">
            <IconMoon size={16} aria-hidden />
            <Text size="sm">
              <Trans>Crosses midnight: it ends the next day.</Trans>
            </Text>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
