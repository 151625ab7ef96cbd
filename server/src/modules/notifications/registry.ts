import type { AnyNotificationTemplate } from "../../common/notifications.js";

/** Every area's notification templates by kind, given once at startup from the manifests (app/). */
const templates = new Map<string, AnyNotificationTemplate>();

export function registerNotificationTemplates(list: readonly AnyNotificationTemplate[]): void {
  for (const t of list) {
    const known = templates.get(t.kind);
    if (known && known !== t) throw new Error(`Notification kind ${t.kind} is defined twice`);
    templates.set(t.kind, t);
  }
}

export const templateOf = (kind: string): AnyNotificationTemplate | undefined => templates.get(kind);

/** Kinds in a stable order (the settings page lists them so). */
export const allTemplates = (): AnyNotificationTemplate[] => [...templates.values()].sort((a, b) => a.kind.localeCompare(b.kind));
