import { useCallback, useState } from 'react';
import { isApiError } from './api-client';

/** A refused save that no field can show: the box's title and, when it adds something, the server's words. */
export interface FormFailure {
  title: string;
  detail: string | null;
}

/** The part of a Mantine form a failed save writes to. */
interface FormErrorsTarget {
  getValues: () => object;
  setErrors: (errors: Record<string, string>) => void;
  setFieldError: (path: string, error: string) => void;
}

interface FormFailureOptions {
  /** The field a 409 without field messages belongs to (a taken email or title). */
  conflictField?: string;
}

/**
 * One message, in one place, gone when fixed: every form reports a failed save through
 * this. Messages the server gives per field go under those fields (Mantine clears each
 * as its field changes) and nothing else is shown; only a failure no field can show
 * goes in the form's box, which goes as soon as any value changes. Give `clear` to the
 * form as `onValuesChange`.
 */
export function useFormFailure({ conflictField }: FormFailureOptions = {}) {
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const clear = useCallback(() => setFailure(null), []);

  const report = useCallback(
    (form: FormErrorsTarget, error: Error, fallback: string) => {
      if (isApiError(error)) {
        const values = form.getValues();
        const fieldErrors = Object.entries(error.fields).filter(([path]) => (path.split('.')[0] ?? '') in values);
        if (fieldErrors.length > 0) {
          form.setErrors(Object.fromEntries(fieldErrors));
          setFailure(null);
          return;
        }
        if (error.status === 409 && conflictField) {
          form.setFieldError(conflictField, error.message);
          setFailure(null);
          return;
        }
      }
      setFailure({ title: fallback, detail: isApiError(error) && error.message !== fallback ? error.message : null });
    },
    [conflictField],
  );

  return { failure, report, clear };
}
