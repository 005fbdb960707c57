import { CHECKLIST_LIMITS } from '@brigade/core/checklist-items';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Fieldset, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { RowOrderControls } from '../../../components/row-order-controls';
import { type ChecklistForm, useFieldProps } from './checklist-form-fields';
import { newItem, newSection } from './checklist-form-values';
import { ItemFields } from './item-fields';

/** Where focus goes after a change re-renders the rows: the moved button, or a new row's first field. */
type FocusTarget = { id: string; control: 'up' | 'down' | 'text' };

/**
 * The checklist's sections, each with its items. Sections and items move with their Move
 * up / Move down buttons (keyboard and screen readers), focus follows what moved, and a
 * polite live region says what happened. A section keeps at least one item, the checklist
 * at least one section.
 */
export function SectionFields({ form }: { form: ChecklistForm }) {
  const { t } = useLingui();
  const { field, error } = useFieldProps(form);
  const sections = form.getValues().content.sections;
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !rootRef.current) return;
    pendingFocus.current = null;
    const box = rootRef.current.querySelector(`[data-item-id="${CSS.escape(target.id)}"]`);
    const wanted = box?.querySelector<HTMLElement>(`[data-control="${target.control}"]:not(:disabled)`);
    // Moved to the top (or bottom), its button in that direction is disabled: the other one.
    const fallback = box?.querySelector<HTMLElement>(
      target.control === 'text'
        ? '[data-control]:not(:disabled)'
        : '[data-control="up"]:not(:disabled), [data-control="down"]:not(:disabled)',
    );
    (wanted ?? fallback)?.focus();
  });

  function moveSection(from: number, to: number, control: 'up' | 'down') {
    const section = sections[from];
    if (!section || to < 0 || to >= sections.length) return;
    form.reorderListItem('content.sections', { from, to });
    pendingFocus.current = { id: section.id, control };
    const position = to + 1;
    setAnnouncement(t`Section moved to position ${position} of ${sections.length}`);
  }

  function addSection() {
    const section = newSection();
    form.insertListItem('content.sections', section);
    pendingFocus.current = { id: section.id, control: 'text' };
    const number = sections.length + 1;
    setAnnouncement(t`Section ${number} added`);
  }

  function removeSection(index: number) {
    form.removeListItem('content.sections', index);
    const next = sections[index + 1] ?? sections[index - 1];
    if (next) pendingFocus.current = { id: next.id, control: 'text' };
    const number = index + 1;
    setAnnouncement(t`Section ${number} removed`);
  }

  function moveItem(sectionIndex: number, from: number, to: number, control: 'up' | 'down') {
    const items = sections[sectionIndex]?.items ?? [];
    const item = items[from];
    if (!item || to < 0 || to >= items.length) return;
    form.reorderListItem(`content.sections.${sectionIndex}.items`, { from, to });
    pendingFocus.current = { id: item.id, control };
    const position = to + 1;
    setAnnouncement(t`Item moved to position ${position} of ${items.length}`);
  }

  function addItem(sectionIndex: number) {
    const item = newItem();
    form.insertListItem(`content.sections.${sectionIndex}.items`, item);
    pendingFocus.current = { id: item.id, control: 'text' };
    const number = (sections[sectionIndex]?.items.length ?? 0) + 1;
    setAnnouncement(t`Item ${number} added`);
  }

  function removeItem(sectionIndex: number, index: number) {
    const items = sections[sectionIndex]?.items ?? [];
    form.removeListItem(`content.sections.${sectionIndex}.items`, index);
    const next = items[index + 1] ?? items[index - 1];
    if (next) pendingFocus.current = { id: next.id, control: 'text' };
    const number = index + 1;
    setAnnouncement(t`Item ${number} removed`);
  }

  const rootError = error('content.sections') ?? error('content');

  return (
    <Stack gap="md" ref={rootRef}>
      <Text fw={600}>
        <Trans>Sections and items</Trans>
      </Text>
      {rootError && (
        <Alert color="red" variant="light" role="alert">
          {rootError}
        </Alert>
      )}
      {sections.map((section, sectionIndex) => {
        const number = sectionIndex + 1;
        return (
          <Fieldset key={section.id} legend={t`Section ${number}`} data-item-id={section.id}>
            <Stack gap="sm">
              <Group align="flex-end" gap={4} wrap="nowrap">
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  label={t`Section title`}
                  placeholder={t`e.g. Fridges`}
                  required
                  maxLength={CHECKLIST_LIMITS.labelLength}
                  data-control="text"
                  key={form.key(`content.sections.${sectionIndex}.title`)}
                  {...field(`content.sections.${sectionIndex}.title`)}
                />
                <RowOrderControls
                  index={sectionIndex}
                  count={sections.length}
                  labels={{
                    up: t`Move section ${number} up`,
                    down: t`Move section ${number} down`,
                    remove: t`Remove section ${number}`,
                  }}
                  move={moveSection}
                  onRemove={sections.length > 1 ? () => removeSection(sectionIndex) : undefined}
                />
              </Group>
              {section.items.map((item, itemIndex) => (
                <ItemFields
                  key={item.id}
                  form={form}
                  sectionIndex={sectionIndex}
                  itemIndex={itemIndex}
                  count={section.items.length}
                  onMove={(from, to, control) => moveItem(sectionIndex, from, to, control)}
                  onRemove={section.items.length > 1 ? () => removeItem(sectionIndex, itemIndex) : undefined}
                />
              ))}
              {section.items.length < CHECKLIST_LIMITS.itemsPerSection && (
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={18} aria-hidden />}
                    onClick={() => addItem(sectionIndex)}
                  >
                    {t`Add item to section ${number}`}
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {sections.length < CHECKLIST_LIMITS.sections && (
        <Group>
          <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={addSection}>
            <Trans>Add section</Trans>
          </Button>
        </Group>
      )}
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
