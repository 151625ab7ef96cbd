/**
 * Intl formatters, made once per locale and options and kept: building one (above all for
 * Arabic) costs far more than using it, and a page formats hundreds of numbers and dates.
 */
const kept = new Map<string, unknown>();

function keep<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ""}`;
  let made = kept.get(key) as T | undefined;
  if (made === undefined) kept.set(key, (made = make()));
  return made;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  keep("number", locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  keep("date", locale, options, () => new Intl.DateTimeFormat(locale, options));

export const listFormat = (locale: string, options?: Intl.ListFormatOptions): Intl.ListFormat =>
  keep("list", locale, options, () => new Intl.ListFormat(locale, options));
