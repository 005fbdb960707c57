import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';

interface DueDateInputProps {
  /** `YYYY-MM-DD`, or '' for no due date. */
  value: string;
  onChange: (value: string) => void;
}

function today() {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The optional due date every pair of one assigning action shares; the browser's date picker. */
export function DueDateInput({ value, onChange }: DueDateInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      type="date"
      label={t`Due date`}
      description={t`Optional. Past this day an unfinished training shows as Overdue.`}
      min={today()}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** The end of the chosen day in the browser's time zone, as the API's ISO timestamp; null for none. */
export function dueAtOf(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
