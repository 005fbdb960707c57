import { randomId } from '@mantine/hooks';

/** One row of the item list. `key` lives only in the browser (React's key); `id` is the stored item's. */
export interface TemplateItemValue {
  key: string;
  id?: string;
  text: string;
  /** The training a finding on this item suggests (issue 20), or null. */
  trainingId: string | null;
}

export interface TemplateFormValues {
  name: string;
  description: string;
  items: TemplateItemValue[];
  /** Days a corrective action has for an item marked Bad / Needs improvement (issue 19). */
  badDueDays: number | string;
  needsImprovementDueDays: number | string;
  /** Assign an item's training to the restaurant's staff at submit instead of suggesting it. */
  autoAssignTraining: boolean;
}

export function newTemplateItem(): TemplateItemValue {
  return { key: randomId(), text: '', trainingId: null };
}
