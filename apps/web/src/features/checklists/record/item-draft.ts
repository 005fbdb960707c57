import {
  type ChecklistItem,
  type ChecklistValue,
  checklistMessages,
  valueSchemaFor,
} from '@brigade/core/checklist-items';

/**
 * What an item's field holds while someone types: a number's text as typed ("4,5"),
 * a tick's true or null, yes/no and choices as their value. `parseDraft` turns it into
 * the value the API takes, with core's rule (`valueSchemaFor`) and its message.
 */
export type Draft = string | boolean | null;

export function draftOf(item: ChecklistItem, value: ChecklistValue | undefined): Draft {
  if (value === null || value === undefined) return item.kind === 'tick' || item.kind === 'photo' ? null : '';
  if (typeof value === 'number') return String(value);
  return value;
}

export type Parsed = { ok: true; value: ChecklistValue } | { ok: false; error: string };

/** A decimal comma counts as a point: "4,5" is 4.5 (Dutch and French keyboards). */
function readNumber(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function parseDraft(item: ChecklistItem, draft: Draft): Parsed {
  let value: ChecklistValue;
  if (item.kind === 'number' || item.kind === 'temperature') {
    const number = readNumber(typeof draft === 'string' ? draft : '');
    if (number !== null && Number.isNaN(number)) return { ok: false, error: checklistMessages.notANumber };
    value = number;
  } else if (item.kind === 'tick' || item.kind === 'photo') {
    value = draft === true ? true : null;
  } else {
    value = typeof draft === 'string' && draft.trim() !== '' ? (item.kind === 'text' ? draft.trim() : draft) : null;
  }
  const checked = valueSchemaFor(item).safeParse(value);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? checklistMessages.notANumber };
  return { ok: true, value: checked.data };
}

/** Number and text fields save a moment after typing stops; the others at once. */
export function savesAtOnce(item: ChecklistItem): boolean {
  return item.kind !== 'number' && item.kind !== 'temperature' && item.kind !== 'text';
}
