import { currentLocale } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** A temperature as the reader's language writes it, to a tenth of a degree: "4.5 °C", "4,5 °C", "-18 °C". */
export function temperatureText(celsius: number): string {
  const locale = currentLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
    formats.set(locale, format);
  }
  return `${format.format(celsius)} °C`;
}
