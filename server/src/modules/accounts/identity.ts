import { AppError, ErrorCode, type FieldError } from "../../common/errors.js";

const EMAIL =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{5,22}$/;

/** Lower-cased, trimmed email, or a field error. */
export function normaliseEmail(value: string): string | FieldError {
  const v = value.trim().toLowerCase();
  if (v.length > 254 || !EMAIL.test(v)) return { field: "email", key: "errors.email_invalid" };
  return v;
}

/** Digits with an optional leading +, or a field error (Lebanese and international numbers). */
export function normalisePhone(value: string): string | FieldError {
  const v = value.trim();
  if (!PHONE.test(v)) return { field: "phone", key: "errors.phone_invalid" };
  const digits = v.replace(/[^0-9]/g, "");
  if (digits.length < 7 || digits.length > 15) return { field: "phone", key: "errors.phone_invalid" };
  return (v.startsWith("+") ? "+" : "") + digits;
}

/** Spec §5: an email or a phone, and a password; else this exact message. */
export const missingIdentity = () => new AppError(ErrorCode.BAD_USER_INPUT, "errors.identity_required");

export interface Identity {
  email: string | null;
  phone: string | null;
}

/** Validates whichever of email / phone was given; at least one must be. */
export function parseIdentity(
  email: string | null | undefined,
  phone: string | null | undefined,
  password: string | null | undefined,
): Identity {
  if ((!email?.trim() && !phone?.trim()) || !password) throw missingIdentity();
  const errors: FieldError[] = [];
  const e = email?.trim() ? normaliseEmail(email) : null;
  const p = phone?.trim() ? normalisePhone(phone) : null;
  if (e && typeof e !== "string") errors.push(e);
  if (p && typeof p !== "string") errors.push(p);
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
  return { email: e as string | null, phone: p as string | null };
}
