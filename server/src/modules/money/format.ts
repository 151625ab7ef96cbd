/** Minor units (a digit string, maybe signed) as the exact decimal string of the major unit: `-150` → `-1.50`. */
export function minorToDecimal(minor: string | bigint): string {
  const s = minor.toString();
  if (!/^-?[0-9]+$/.test(s)) throw new Error(`not an amount: ${s}`);
  const negative = s.startsWith("-");
  const digits = (negative ? s.slice(1) : s).padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2).replace(/^0+(?=\d)/, "")}.${digits.slice(-2)}`;
}

/**
 * An amount for people, in a locale (`ar-LB-u-nu-latn` for Arabic: Latin digits, as Lebanese
 * prices are written): Intl formats the decimal string itself, never a floating-point number.
 */
export function formatMinor(minor: string | bigint, currency: string, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // ES2023 Intl.NumberFormat v3: a string is formatted as the exact decimal it spells (Node 20+).
  return (nf.format as unknown as (v: string) => string)(minorToDecimal(minor));
}
