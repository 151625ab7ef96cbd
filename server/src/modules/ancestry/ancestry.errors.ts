import { AppError, ErrorCode } from "../../common/errors.js";
import type { TranslationKey } from "../../common/translation-keys.js";

/** A refused ancestry request: nothing is written (the transaction rolls back). */
export const ancestryError = (key: TranslationKey, field?: string, params: Record<string, string | number> = {}): AppError =>
  new AppError(ErrorCode.BAD_USER_INPUT, key, params, field ? [{ field, key, params }] : []);

export const ancestryConflict = (key: TranslationKey): AppError => new AppError(ErrorCode.CONFLICT, key);
export const ancestryForbidden = (key: TranslationKey): AppError => new AppError(ErrorCode.FORBIDDEN, key);
