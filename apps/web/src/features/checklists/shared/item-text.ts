import type { ChecklistItem, ChecklistValue } from '@brigade/core/checklist-items';
import { useLingui } from '@lingui/react/macro';
import { currentLocale } from '../../../lib/i18n';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A reading as the reader's language writes it: "4.5" or "4,5", at most two decimals. */
export function formatReading(value: number): string {
  const locale = currentLocale();
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** A number item's unit; temperatures are always °C. */
export function unitOf(item: Pick<ChecklistItem, 'kind' | 'unit'>): string {
  return item.kind === 'temperature' ? '°C' : (item.unit ?? '');
}

const withUnit = (value: number, unit: string) => (unit ? `${formatReading(value)} ${unit}` : formatReading(value));

/**
 * The allowed range of a number or temperature item as the fill screen shows it: "2–8 °C",
 * "at least 60 °C", "at most 5 °C"; null when the item has none.
 */
export function useRangeText(): (item: ChecklistItem) => string | null {
  const { t } = useLingui();
  return (item) => {
    if (item.kind !== 'number' && item.kind !== 'temperature') return null;
    const unit = unitOf(item);
    const { min, max } = item;
    if (min !== null && max !== null) {
      const range = `${formatReading(min)}–${withUnit(max, unit)}`;
      return t`Allowed: ${range}`;
    }
    if (min !== null) {
      const low = withUnit(min, unit);
      return t`Allowed: at least ${low}`;
    }
    if (max !== null) {
      const high = withUnit(max, unit);
      return t`Allowed: at most ${high}`;
    }
    return null;
  };
}

/** A stored value as words: "Done", "Yes", "4.5 °C", the text or choice itself; "No value" when empty. */
export function useValueText(): (item: ChecklistItem, value: ChecklistValue | undefined) => string {
  const { t } = useLingui();
  return (item, value) => {
    if (value === null || value === undefined || value === '') return t`No value`;
    switch (item.kind) {
      case 'tick':
        return t({ message: 'Done', context: 'checklist item' });
      case 'photo':
        return t`Photo added`;
      case 'yesNo':
        return value === 'yes' ? t`Yes` : t`No`;
      case 'number':
      case 'temperature':
        return typeof value === 'number' ? withUnit(value, unitOf(item)) : String(value);
      default:
        return String(value);
    }
  };
}
