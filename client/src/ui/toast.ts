/** A toast: translation keys (and their parameters) for a title and an optional body. */
import type { TranslationKey } from "../i18n/typed";
export interface Toast {
  id: number;
  titleKey: TranslationKey;
  bodyKey?: TranslationKey;
  params?: Record<string, string | number>;
  variant?: "default" | "destructive";
}

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l(toasts));

/** Shows a toast for 5 seconds (spec §8 texts live in the translations). */
export function showToast(t: Omit<Toast, "id">): void {
  const toast = { ...t, id: nextId++ };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), 5000);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(fn: Listener): () => void {
  listeners.add(fn);
  fn(toasts);
  return () => listeners.delete(fn);
}
