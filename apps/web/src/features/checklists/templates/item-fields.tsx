import { CHECKLIST_ITEM_KINDS, CHECKLIST_LIMITS, type ChecklistItemKind } from '@brigade/core/checklist-items';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { RowOrderControls } from '../../../components/row-order-controls';
import { type ChecklistForm, useFieldProps } from './checklist-form-fields';
import { FAILING_KINDS } from './checklist-form-values';

export const KIND_LABELS: Record<ChecklistItemKind, MessageDescriptor> = {
  tick: msg`Tick when done`,
  yesNo: msg`Yes / No`,
  number: msg`Number`,
  temperature: msg`Temperature (°C)`,
  text: msg`Short text`,
  photo: msg`Photo`,
  choice: msg`Choice from a list`,
};

interface ItemFieldsProps {
  form: ChecklistForm;
  sectionIndex: number;
  itemIndex: number;
  count: number;
  onMove: (from: number, to: number, direction: 'up' | 'down') => void;
  /** Absent: the section's only item stays. */
  onRemove?: () => void;
}

/**
 * One item: its text and kind, then what its kind needs (unit and range, critical low and
 * high, choices and the failing ones, whether "No" fails) and, for kinds that can fail,
 * the instruction shown at once and whether a failure needs a photo or a note.
 */
export function ItemFields({ form, sectionIndex, itemIndex, count, onMove, onRemove }: ItemFieldsProps) {
  const { t, i18n } = useLingui();
  const { field } = useFieldProps(form);
  const path = `content.sections.${sectionIndex}.items.${itemIndex}`;
  const item = form.getValues().content.sections[sectionIndex]?.items[itemIndex];
  if (!item) return null;
  const number = itemIndex + 1;
  const ranged = item.kind === 'number' || item.kind === 'temperature';
  const rangeProps = { decimalScale: 2, hideControls: true, inputMode: 'decimal' as const };

  return (
    <Fieldset legend={t`Item ${number}`} variant="filled" data-item-id={item.id}>
      <Stack gap="sm">
        <TextInput
          label={t`Item text`}
          required
          maxLength={CHECKLIST_LIMITS.labelLength}
          data-control="text"
          key={form.key(`${path}.label`)}
          {...field(`${path}.label`)}
        />
        <Select
          label={t`Kind`}
          required
          allowDeselect={false}
          data={CHECKLIST_ITEM_KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) }))}
          key={form.key(`${path}.kind`)}
          {...field(`${path}.kind`)}
        />
        {item.kind === 'number' && (
          <TextInput
            label={t`Unit`}
            description={t`For example ppm, g or %`}
            required
            maxLength={20}
            key={form.key(`${path}.unit`)}
            {...field(`${path}.unit`)}
          />
        )}
        {ranged && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={item.kind === 'temperature' ? t`Critical low (°C)` : t`Lowest allowed`}
              key={form.key(`${path}.min`)}
              {...rangeProps}
              {...field(`${path}.min`)}
            />
            <NumberInput
              label={item.kind === 'temperature' ? t`Critical high (°C)` : t`Highest allowed`}
              key={form.key(`${path}.max`)}
              {...rangeProps}
              {...field(`${path}.max`)}
            />
          </SimpleGrid>
        )}
        {item.kind === 'choice' && (
          <>
            <TagsInput
              label={t`Choices`}
              description={t`Type a choice and press Enter`}
              required
              maxTags={CHECKLIST_LIMITS.choices}
              key={form.key(`${path}.choices`)}
              {...field(`${path}.choices`)}
            />
            <MultiSelect
              label={t`Failing choices`}
              description={t`Choosing one of these is a failure`}
              data={[...new Set(item.choices)]}
              key={form.key(`${path}.failingChoices`)}
              {...field(`${path}.failingChoices`)}
            />
          </>
        )}
        {item.kind === 'yesNo' && (
          <Checkbox
            label={t`No is a failure`}
            key={form.key(`${path}.critical`)}
            {...field(`${path}.critical`, { type: 'checkbox' })}
          />
        )}
        {FAILING_KINDS.includes(item.kind) && (
          <>
            <Textarea
              label={t`What to do when it fails`}
              description={t`Shown at once when the value fails, e.g. "Discard the product and re-check in 30 minutes"`}
              autosize
              minRows={2}
              maxLength={CHECKLIST_LIMITS.instructionLength}
              key={form.key(`${path}.failInstruction`)}
              {...field(`${path}.failInstruction`)}
            />
            <Group gap="lg">
              <Checkbox
                label={t`A failure needs a photo`}
                key={form.key(`${path}.failNeedsPhoto`)}
                {...field(`${path}.failNeedsPhoto`, { type: 'checkbox' })}
              />
              <Checkbox
                label={t`A failure needs a note`}
                key={form.key(`${path}.failNeedsNote`)}
                {...field(`${path}.failNeedsNote`, { type: 'checkbox' })}
              />
            </Group>
          </>
        )}
        <Group gap={4} justify="flex-end">
          <RowOrderControls
            index={itemIndex}
            count={count}
            labels={{
              up: t`Move item ${number} up`,
              down: t`Move item ${number} down`,
              remove: t`Remove item ${number}`,
            }}
            move={onMove}
            onRemove={onRemove}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
