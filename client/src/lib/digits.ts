/**
 * Digits as people type them. Arabic keyboards give Arabic-Indic digits (٠١٢٣, U+0660–0669) and
 * Persian ones Eastern Arabic-Indic (۰۱۲۳, U+06F0–06F9); every numeric input accepts both, and
 * Latin ones, by reading them as ASCII before parsing (decisions.md: "inputs accept both kinds of
 * digits"). The server's date parser reads them the same way.
 */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The text with every Arabic-Indic digit as its ASCII one, the Arabic decimal mark (٫) as "." and the Arabic thousands mark (٬) left out. */
export const toAsciiDigits = (text: string): string =>
  text
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, "");

/**
 * A number typed in any digits ("١٩٤٨", "۱۹۴۸", "1948", " 12 "), read as `Number` reads ASCII:
 * NaN when it is no number (the server then says what is wrong), 0 for an empty text.
 */
export const readNumber = (text: string): number => Number(toAsciiDigits(text));

/** ASCII digits written as Arabic-Indic ones (٠١٢٣), for text made without Intl (a year, a day). */
export const toArabicIndicDigits = (text: string): string => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
