import type { UseFormReturnType } from '@mantine/form';
import { useCoreText } from '../../../lib/i18n';
import type { ChecklistFormValues } from './checklist-form-values';

export type ChecklistForm = UseFormReturnType<ChecklistFormValues>;

/**
 * A field's props with its message (core's check, or the server's) in the person's
 * language; `error` of a path whose message sits at the path itself (a list's root).
 */
export function useFieldProps(form: ChecklistForm) {
  const { text } = useCoreText();
  const say = (error: unknown) => (typeof error === 'string' ? text(error) : undefined);
  return {
    field: (path: string, options?: { type: 'checkbox' }) => {
      const input = form.getInputProps(path, options);
      return { ...input, error: say(input.error) };
    },
    error: (path: string) => say(form.errors[path]),
  };
}
