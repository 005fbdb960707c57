import { z } from 'zod';
import { text } from './schemas/fields';

/**
 * A checklist's sections and items (issue 33), and the one rule for what a value of each
 * kind may be and when it fails. The server checks every value with `valueSchemaFor` and
 * `failureOf`; the fill screen uses the same two to show the failure instruction as soon
 * as a value is out of range, before anything is sent.
 */
export const CHECKLIST_ITEM_KINDS = ['tick', 'yesNo', 'number', 'temperature', 'text', 'photo', 'choice'] as const;
export type ChecklistItemKind = (typeof CHECKLIST_ITEM_KINDS)[number];

/** Temperatures are stored in °C; a probe reading beyond these is a typing error, not a reading. */
export const TEMPERATURE_LIMITS = { min: -60, max: 300 } as const;
/** Numbers of any other unit. */
export const NUMBER_LIMITS = { min: -1_000_000, max: 1_000_000 } as const;
export const CHECKLIST_LIMITS = {
  sections: 20,
  itemsPerSection: 60,
  choices: 20,
  textLength: 500,
  labelLength: 200,
  instructionLength: 500,
  noteLength: 1000,
  reasonLength: 500,
} as const;

export const checklistMessages = {
  nameRequired: 'Name is required',
  sectionTitleRequired: 'Section title is required',
  labelRequired: 'Item text is required',
  needsItem: 'Add at least one item',
  needsWindow: 'Add at least one time window',
  needsWeekday: 'Choose at least one weekday',
  invalidTime: 'Enter a time as HH:MM',
  invalidLength: 'A window lasts 5 minutes to 24 hours',
  needsChoices: 'Add at least two choices',
  rangeOrder: 'The lowest value must be below the highest',
  unitRequired: 'Unit is required',
  notANumber: 'Enter a number',
  outOfLimits: 'This value is not possible',
  notAChoice: 'Choose one of the options',
  textTooLong: 'At most 500 characters',
  valueRequired: 'A value is required',
  reasonRequired: 'A reason is required',
  noteRequired: 'A failure needs a note',
  photoRequired: 'Add a photo',
  invalidTimeZone: 'Choose a time zone from the list',
  runNotFound: 'Checklist not found',
  runNotOpenYet: 'This checklist opens later',
  runSubmitted: 'This checklist was already submitted',
  runMissed: 'This checklist was missed; its record is closed',
  notSubmitted: 'Only a submitted checklist can be corrected',
  itemNotFound: 'This item is not on the checklist',
  checklistNotFound: 'Checklist not found',
  lockedChecklist: 'Head office locked this checklist against local changes',
  notYourChecklist: "Only head office changes the chain's checklists",
  incomplete: 'Fill in every item before submitting',
  hasRecords: 'This checklist has records, so it cannot be deleted. Deactivate it instead.',
  duplicateId: 'Each section and item needs an id of its own',
  notChainTemplate: 'Only a chain checklist can be switched off or copied at a restaurant',
  notForRestaurant: 'This checklist is not for this restaurant',
  windowNotFound: 'This time window is not on the checklist',
} as const;

const label = text({ error: checklistMessages.labelRequired })
  .trim()
  .min(1, checklistMessages.labelRequired)
  .max(CHECKLIST_LIMITS.labelLength, 'At most 200 characters');
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
const finite = z.number({ error: checklistMessages.notANumber }).finite(checklistMessages.notANumber);

/** One item of a version. `id` is kept across versions while the item stays, so records and corrections name it. */
export const ChecklistItem = z
  .object({
    id: z.string().min(1).max(64),
    label,
    kind: z.enum(CHECKLIST_ITEM_KINDS, { error: 'Choose a kind' }),
    /** Number: its unit (temperatures are always °C). */
    unit: optionalText(20),
    /** Number and temperature: the allowed range; outside it the item fails (a temperature's critical low/high). */
    min: finite.nullish().transform((value) => value ?? null),
    max: finite.nullish().transform((value) => value ?? null),
    /** Choice: the options, and those that count as a failure. */
    choices: z.array(label).max(CHECKLIST_LIMITS.choices).default([]),
    failingChoices: z.array(label).max(CHECKLIST_LIMITS.choices).default([]),
    /** Yes/no: "no" is a failure (a critical item). */
    critical: z.boolean().default(false),
    /** Shown at once when the item fails, e.g. "Discard the product and re-check in 30 minutes". */
    failInstruction: optionalText(CHECKLIST_LIMITS.instructionLength),
    failNeedsPhoto: z.boolean().default(false),
    failNeedsNote: z.boolean().default(false),
  })
  .superRefine((item, context) => {
    if ((item.kind === 'number' || item.kind === 'temperature') && item.min !== null && item.max !== null) {
      if (item.min >= item.max)
        context.addIssue({ code: 'custom', path: ['max'], message: checklistMessages.rangeOrder });
    }
    if (item.kind === 'number' || item.kind === 'temperature') {
      // A range no reading can reach is a typing error (a critical high of 10,000 °C).
      const limits = item.kind === 'temperature' ? TEMPERATURE_LIMITS : NUMBER_LIMITS;
      for (const bound of ['min', 'max'] as const) {
        const value = item[bound];
        if (value !== null && (value < limits.min || value > limits.max)) {
          context.addIssue({ code: 'custom', path: [bound], message: checklistMessages.outOfLimits });
        }
      }
    }
    if (item.kind === 'number' && !item.unit) {
      context.addIssue({ code: 'custom', path: ['unit'], message: checklistMessages.unitRequired });
    }
    if (item.kind === 'choice' && item.choices.length < 2) {
      context.addIssue({ code: 'custom', path: ['choices'], message: checklistMessages.needsChoices });
    }
  });
export type ChecklistItem = z.output<typeof ChecklistItem>;

export const ChecklistSection = z.object({
  id: z.string().min(1).max(64),
  title: text({ error: checklistMessages.sectionTitleRequired })
    .trim()
    .min(1, checklistMessages.sectionTitleRequired)
    .max(CHECKLIST_LIMITS.labelLength, 'At most 200 characters'),
  items: z.array(ChecklistItem).max(CHECKLIST_LIMITS.itemsPerSection),
});
export type ChecklistSection = z.output<typeof ChecklistSection>;

export const ChecklistContent = z
  .object({ sections: z.array(ChecklistSection).min(1, checklistMessages.needsItem).max(CHECKLIST_LIMITS.sections) })
  .refine((content) => content.sections.some((section) => section.items.length > 0), {
    path: ['sections'],
    message: checklistMessages.needsItem,
  });
export type ChecklistContent = z.output<typeof ChecklistContent>;

/**
 * A stored version's content as replies describe it: the shape `ChecklistContent` makes,
 * without its trimming and defaults, which the server's reply writer cannot run
 * (decision 015). Records and the template editor read this.
 */
export const ChecklistContentReply = z.object({
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      items: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          kind: z.enum(CHECKLIST_ITEM_KINDS),
          unit: z.string().nullable(),
          min: z.number().nullable(),
          max: z.number().nullable(),
          choices: z.array(z.string()),
          failingChoices: z.array(z.string()),
          critical: z.boolean(),
          failInstruction: z.string().nullable(),
          failNeedsPhoto: z.boolean(),
          failNeedsNote: z.boolean(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<ChecklistContent>;

export type ChecklistValue = boolean | number | string | null;

export const itemsOf = (content: ChecklistContent): ChecklistItem[] =>
  content.sections.flatMap((section) => section.items);

/**
 * What a value of `item` may be: a tick is `true`; yes/no `'yes'`/`'no'`; numbers and
 * temperatures finite and within the physical limits (a temperature of 10,000 is a typo);
 * text at most 500 characters; a photo item's value is `true` once a photo is attached;
 * a choice one of the options. `null` clears a value while the record is open.
 */
export function valueSchemaFor(item: Pick<ChecklistItem, 'kind' | 'choices'>): z.ZodType<ChecklistValue> {
  switch (item.kind) {
    case 'tick':
    case 'photo':
      return z.literal(true, { error: checklistMessages.valueRequired }).nullable();
    case 'yesNo':
      return z.enum(['yes', 'no'], { error: checklistMessages.notAChoice }).nullable();
    case 'number':
      return finite
        .min(NUMBER_LIMITS.min, checklistMessages.outOfLimits)
        .max(NUMBER_LIMITS.max, checklistMessages.outOfLimits)
        .nullable();
    case 'temperature':
      return finite
        .min(TEMPERATURE_LIMITS.min, checklistMessages.outOfLimits)
        .max(TEMPERATURE_LIMITS.max, checklistMessages.outOfLimits)
        .nullable();
    case 'text':
      return text({ error: checklistMessages.valueRequired })
        .max(CHECKLIST_LIMITS.textLength, checklistMessages.textTooLong)
        .nullable();
    case 'choice':
      return z
        .string({ error: checklistMessages.notAChoice })
        .refine((value) => item.choices.includes(value), checklistMessages.notAChoice)
        .nullable();
  }
}

/** Whether a (valid) value fails its item: out of range, a critical "no", a failing choice. */
export function failureOf(item: ChecklistItem, value: ChecklistValue): boolean {
  if (value === null) return false;
  switch (item.kind) {
    case 'number':
    case 'temperature':
      return (
        typeof value === 'number' &&
        ((item.min !== null && value < item.min) || (item.max !== null && value > item.max))
      );
    case 'yesNo':
      return item.critical && value === 'no';
    case 'choice':
      return typeof value === 'string' && item.failingChoices.includes(value);
    default:
      return false;
  }
}

/** Whether an item has been answered (a text item may be left empty only by not answering). */
export const isAnswered = (value: ChecklistValue | undefined) => value !== null && value !== undefined && value !== '';
