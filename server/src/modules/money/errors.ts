import { AppError, ErrorCode } from "../../common/errors.js";
import type { TranslationKey } from "../../common/translation-keys.js";

/** A refused money request: nothing is written (the caller's transaction rolls back). */
export const moneyError = (key: TranslationKey, field?: string, params: Record<string, string | number> = {}): AppError =>
  new AppError(ErrorCode.BAD_USER_INPUT, key, params, field ? [{ field, key, params }] : []);

export const moneyConflict = (key: TranslationKey): AppError => new AppError(ErrorCode.CONFLICT, key);
