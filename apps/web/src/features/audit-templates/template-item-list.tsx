import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Input, Select, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { RowOrderControls } from '../../components/row-order-controls';
import { useCoreText } from '../../lib/i18n';
import { useTrainingChoices } from './api/get-training-choices';
import { newTemplateItem, type TemplateFormValues } from './template-form-values';
import classes from './template-item-list.module.css';

type FocusTarget = { key: string; control: 'up' | 'down' | 'text' };

/**
 * The template's ordered items. Each can be moved with its Move up / Move down buttons
 * (keyboard and screen readers) or dragged by its grip (pointer, native HTML5
 * drag-and-drop: no drag library is installed); a polite live region says where an item
 * went. Remove is hidden while only one item is left (a template needs one).
 */
export function TemplateItemList({ form }: { form: UseFormReturnType<TemplateFormValues> }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const items = form.values.items;
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const trainingChoices = useTrainingChoices();

  // After a move or an add, focus follows the item (its row was re-rendered elsewhere).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !listRef.current) return;
    pendingFocus.current = null;
    const row = listRef.current.querySelector(`[data-item-key="${CSS.escape(target.key)}"]`);
    if (!row) return;
    const wanted = row.querySelector<HTMLElement>(`[data-control="${target.control}"]:not(:disabled)`);
    const fallback = row.querySelector<HTMLElement>(
      '[data-control="up"]:not(:disabled), [data-control="down"]:not(:disabled)',
    );
    (wanted ?? fallback)?.focus();
  });

  function move(from: number, to: number, control: FocusTarget['control'] | null) {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    const hadErrors = Object.keys(form.errors).length > 0;
    form.reorderListItem('items', { from, to });
    // Mantine swaps the two positions' errors, which is wrong for a drag over several rows.
    if (hadErrors) queueMicrotask(() => form.validate());
    if (control) pendingFocus.current = { key: item.key, control };
    const position = to + 1;
    const count = items.length;
    setAnnouncement(t`Item moved to position ${position} of ${count}`);
  }

  function add() {
    const item = newTemplateItem();
    form.insertListItem('items', item);
    pendingFocus.current = { key: item.key, control: 'text' };
    const number = items.length + 1;
    setAnnouncement(t`Item ${number} added`);
  }

  function remove(index: number) {
    if (items.length <= 1) return;
    form.removeListItem('items', index);
    const next = items[index + 1] ?? items[index - 1];
    if (next) pendingFocus.current = { key: next.key, control: 'text' };
    const number = index + 1;
    setAnnouncement(t`Item ${number} removed`);
  }

  const dropHandlers = (index: number) => ({
    onDragOver: (event: DragEvent) => {
      if (!drag) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drag.over !== index) setDrag({ ...drag, over: index });
    },
    onDrop: (event: DragEvent) => {
      if (!drag) return;
      event.preventDefault();
      move(drag.from, index, null);
      setDrag(null);
    },
  });

  const rootError = typeof form.errors.items === 'string' ? text(form.errors.items) : form.errors.items;

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: string) {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  return (
    <Input.Wrapper
      labelElement="div"
      label={t`Items`}
      labelProps={{ id: headingId }}
      description={t`Drag an item by its grip, or use the arrow buttons, to change the order. An item may name a training: a Bad or Needs improvement finding on it suggests that training to the restaurant's manager.`}
      error={rootError}
    >
      <ol ref={listRef} className={classes.list} aria-labelledby={headingId} style={{ marginTop: 8 }}>
        {items.map((item, index) => {
          const number = index + 1;
          return (
            <li
              key={item.key}
              data-item-key={item.key}
              className={classes.row}
              data-dragging={drag?.from === index || undefined}
              data-drop-target={(drag && drag.over === index && drag.from !== index) || undefined}
              {...dropHandlers(index)}
            >
              <TextInput
                label={t`Item ${number}`}
                required
                maxLength={500}
                data-control="text"
                {...field(`items.${index}.text`)}
                inputContainer={(input) => (
                  <div className={classes.inputRow}>
                    <div
                      className={classes.handle}
                      draggable
                      aria-hidden
                      title={t`Drag to reorder`}
                      data-testid={`drag-item-${number}`}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', String(index));
                        const row = event.currentTarget.closest('li');
                        if (row) event.dataTransfer.setDragImage(row, 16, 24);
                        setDrag({ from: index, over: null });
                      }}
                      onDragEnd={() => setDrag(null)}
                    >
                      <IconGripVertical size={18} />
                    </div>
                    <div className={classes.field}>{input}</div>
                    <div className={classes.controls}>
                      <RowOrderControls
                        index={index}
                        count={items.length}
                        labels={{
                          up: t`Move item ${number} up`,
                          down: t`Move item ${number} down`,
                          remove: t`Remove item ${number}`,
                        }}
                        move={move}
                        onRemove={items.length > 1 ? () => remove(index) : undefined}
                      />
                    </div>
                  </div>
                )}
              />
              <Select
                className={classes.training}
                label={t`Training for item ${number}`}
                placeholder={
                  trainingChoices.isPending
                    ? t`Loading trainings...`
                    : trainingChoices.isError
                      ? t`Trainings could not be loaded`
                      : t`No training`
                }
                data={trainingChoices.data ?? []}
                disabled={!trainingChoices.data}
                searchable
                clearable
                nothingFoundMessage={t`No training found`}
                comboboxProps={{ withinPortal: true }}
                {...field(`items.${index}.trainingId`)}
              />
            </li>
          );
        })}
      </ol>
      <Group mt="sm">
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add}>
          <Trans>Add Item</Trans>
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Input.Wrapper>
  );
}
