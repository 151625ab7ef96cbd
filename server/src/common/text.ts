/**
 * Text that no field can hold: a NUL character (PostgreSQL's text type refuses it, so the
 * statement fails after the resolver ran) and a lone UTF-16 surrogate (it has no UTF-8 form:
 * Node would store U+FFFD in its place, silently changing what was written).
 */
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnsafeText = (s: string): boolean => UNSAFE.test(s);
