import type { ChecklistItemKind } from '@brigade/core/checklist-items';
import type { Checklist, ChecklistInput } from '@brigade/core/schemas/checklists';
import { randomId } from '@mantine/hooks';

/**
 * The checklist form's values: the API's shape (so the server's field paths, such as
 * `content.sections.0.items.2.unit`, land on their fields), with number fields as typed
 * (a cleared field is '') and every optional text as a string.
 */
export interface ItemValues {
  /** Made in the browser for a new item (`newContentId`), kept across versions after. */
  id: string;
  label: string;
  kind: ChecklistItemKind;
  unit: string;
  min: number | string;
  max: number | string;
  choices: string[];
  failingChoices: string[];
  critical: boolean;
  failInstruction: string;
  failNeedsPhoto: boolean;
  failNeedsNote: boolean;
}

export interface SectionValues {
  id: string;
  title: string;
  items: ItemValues[];
}

export interface WindowValues {
  /** React's key; `id` is the stored window's, absent for a new one. */
  key: string;
  id?: string;
  weekdays: number[];
  start: string;
  end: string;
}

export interface ChecklistFormValues {
  name: string;
  allRestaurants: boolean;
  restaurantIds: string[];
  locked: boolean;
  content: { sections: SectionValues[] };
  windows: WindowValues[];
}

/** The kinds whose value can fail: they have a failure instruction and may need a photo or a note. */
export const FAILING_KINDS: readonly ChecklistItemKind[] = ['yesNo', 'number', 'temperature', 'choice'];

/**
 * A new section's or item's id, made here so records can name the item from its first
 * version on. `crypto.randomUUID` needs a secure context; Brigade served over plain http
 * on a LAN address is not one, so the same kind of id is made from `getRandomValues` there.
 */
export function newContentId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newItem(): ItemValues {
  return {
    id: newContentId(),
    label: '',
    kind: 'tick',
    unit: '',
    min: '',
    max: '',
    choices: [],
    failingChoices: [],
    critical: false,
    failInstruction: '',
    failNeedsPhoto: false,
    failNeedsNote: false,
  };
}

export function newSection(): SectionValues {
  return { id: newContentId(), title: '', items: [newItem()] };
}

export function newWindow(): WindowValues {
  return { key: randomId(), weekdays: [1, 2, 3, 4, 5, 6, 7], start: '', end: '' };
}

export function initialValuesOf(checklist: Checklist | null): ChecklistFormValues {
  if (!checklist) {
    return {
      name: '',
      allRestaurants: true,
      restaurantIds: [],
      locked: false,
      content: { sections: [newSection()] },
      windows: [newWindow()],
    };
  }
  return {
    name: checklist.name,
    allRestaurants: checklist.allRestaurants,
    restaurantIds: checklist.restaurants.map((restaurant) => restaurant.id),
    locked: checklist.locked,
    content: {
      sections: checklist.content.sections.map((section) => ({
        id: section.id,
        title: section.title,
        items: section.items.map((item) => ({
          ...item,
          unit: item.unit ?? '',
          min: item.min ?? '',
          max: item.max ?? '',
          failInstruction: item.failInstruction ?? '',
        })),
      })),
    },
    windows: checklist.windows.map((window) => ({
      key: window.id,
      id: window.id,
      weekdays: window.weekdays,
      start: window.start,
      end: window.end,
    })),
  };
}

const numberOrNull = (value: number | string) =>
  value === '' || value === null ? null : typeof value === 'number' ? value : Number(value);

/** What the API takes: each item with only the fields of its kind. */
export function toInput(values: ChecklistFormValues, restaurantId: string | null): ChecklistInput {
  return {
    name: values.name,
    restaurantId,
    allRestaurants: values.allRestaurants,
    restaurantIds: values.allRestaurants ? [] : values.restaurantIds,
    locked: values.locked,
    content: {
      sections: values.content.sections.map((section) => ({
        id: section.id,
        title: section.title,
        items: section.items.map((item) => {
          const ranged = item.kind === 'number' || item.kind === 'temperature';
          const fails = FAILING_KINDS.includes(item.kind);
          const choices = item.kind === 'choice' ? item.choices : [];
          return {
            id: item.id,
            label: item.label,
            kind: item.kind,
            unit: item.kind === 'number' ? item.unit : null,
            min: ranged ? numberOrNull(item.min) : null,
            max: ranged ? numberOrNull(item.max) : null,
            choices,
            failingChoices: item.failingChoices.filter((choice) => choices.includes(choice)),
            critical: item.kind === 'yesNo' && item.critical,
            failInstruction: fails ? item.failInstruction : null,
            failNeedsPhoto: fails && item.failNeedsPhoto,
            failNeedsNote: fails && item.failNeedsNote,
          };
        }),
      })),
    },
    windows: values.windows.map(({ id, weekdays, start, end }) => ({ ...(id ? { id } : {}), weekdays, start, end })),
  };
}
