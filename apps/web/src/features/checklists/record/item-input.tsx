import type { ChecklistItem } from '@brigade/core/checklist-items';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Radio, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useCoreText } from '../../../lib/i18n';
import { unitOf, useRangeText } from '../shared/item-text';
import type { Draft } from './item-draft';

export interface ItemInputProps {
  item: ChecklistItem;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** Number and text fields: leaving the field saves at once. */
  onBlur?: () => void;
  /** A core message (translated here) or null. */
  error?: string | null;
  /** Extra ids the field is described by (the failure instruction, the save state). */
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * One item's field, phone first (issue 33): a tick is a large checkbox card, yes/no two
 * big buttons, numbers and temperatures a text field that opens the number pad
 * (`inputMode="decimal"`) with the allowed range beside it, text a growing box, a choice
 * a list of large radios. The fill screen and the correction form both use it.
 */
export function ItemInput({ item, draft, onChange, onBlur, error, describedBy, autoFocus }: ItemInputProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const rangeText = useRangeText();
  const labelId = useId();
  const errorId = useId();
  const message = error ? text(error) : null;
  const described = [describedBy, message ? errorId : null].filter(Boolean).join(' ') || undefined;

  switch (item.kind) {
    case 'tick':
      return (
        <Stack gap={4}>
          <Checkbox.Card
            checked={draft === true}
            onClick={() => onChange(draft === true ? null : true)}
            radius="md"
            p="md"
            aria-describedby={described}
            autoFocus={autoFocus}
          >
            <Group wrap="nowrap" align="center" gap="md">
              <Checkbox.Indicator size="lg" />
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.label}
              </Text>
            </Group>
          </Checkbox.Card>
          {message && <FieldError id={errorId} message={message} />}
        </Stack>
      );
    case 'yesNo':
      return (
        <Stack gap={6}>
          <Text id={labelId} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.label}
          </Text>
          <SegmentedControl
            aria-labelledby={labelId}
            aria-describedby={described}
            data={[
              { value: 'yes', label: t`Yes` },
              { value: 'no', label: t`No` },
            ]}
            value={typeof draft === 'string' ? draft : ''}
            onChange={(value) => onChange(value)}
            size="lg"
            color="indigo.8"
            fullWidth
          />
          {message && <FieldError id={errorId} message={message} />}
        </Stack>
      );
    case 'number':
    case 'temperature': {
      const unit = unitOf(item);
      return (
        <TextInput
          label={item.label}
          description={rangeText(item) ?? undefined}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          inputMode="decimal"
          autoComplete="off"
          size="lg"
          rightSection={
            unit ? (
              <Text size="sm" c="gray.7" aria-hidden>
                {unit}
              </Text>
            ) : undefined
          }
          rightSectionWidth={unit.length > 3 ? 64 : 44}
          error={message}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          styles={{ label: { fontWeight: 600 } }}
          maw={360}
        />
      );
    }
    case 'text':
      return (
        <Textarea
          label={item.label}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={500}
          size="md"
          error={message}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          styles={{ label: { fontWeight: 600 } }}
        />
      );
    case 'choice':
      return (
        <Radio.Group
          label={item.label}
          value={typeof draft === 'string' && draft !== '' ? draft : null}
          onChange={(value) => onChange(value)}
          error={message}
          aria-describedby={describedBy}
          styles={{ label: { fontWeight: 600, marginBottom: 6 } }}
        >
          <Stack gap="xs" mt={4}>
            {item.choices.map((choice) => (
              <Radio.Card key={choice} value={choice} p="sm" radius="md">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator size="md" />
                  <Text style={{ overflowWrap: 'anywhere' }}>{choice}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'photo':
      // The photo itself is the value: the caller draws the uploader under this label.
      return (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.label}
        </Text>
      );
  }
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <Text id={id} size="sm" c="red.9">
      {message}
    </Text>
  );
}
