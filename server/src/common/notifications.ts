/**
 * Notification kinds and their templates. An area declares its kinds and their parameters next to
 * its manifest (`declare module "…/common/notifications.js" { interface NotificationKinds { … } }`)
 * and lists their templates in the manifest (`notifications`). A notification is stored as its kind
 * and parameters, never as text: it is written in the reader's language each time it is read or
 * emailed, from the translations `notify.<kind>.title`, `notify.<kind>.body` and
 * `notify.<kind>.setting` (the kind's name in /settings).
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationKinds {}

export type NotificationKind = keyof NotificationKinds & string;

/** How a kind reaches the member by email: not at all, at once, or in the daily digest. */
export type EmailCadence = "off" | "immediate" | "digest";
export const EMAIL_CADENCES: readonly EmailCadence[] = ["off", "immediate", "digest"];

/** Parameters a text may show: plain values only (they go through the translations' `{{name}}`). */
export type TextParams = Record<string, string | number>;

export interface NotificationTemplate<K extends NotificationKind = NotificationKind> {
  kind: K;
  /** The client path the notification opens. */
  link(params: NotificationKinds[K]): string;
  /**
   * The values the title and body show, when they are not the parameters themselves (a role's
   * code becomes its name in the reader's language through `t`).
   */
  text?(params: NotificationKinds[K], t: (key: string) => string): TextParams;
  /** What a member who never chose gets. */
  defaults: { inApp: boolean; email: EmailCadence };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNotificationTemplate = NotificationTemplate<any>;

/** Declares a kind's template, typed by its parameters. */
export const defineNotification = <K extends NotificationKind>(template: NotificationTemplate<K>): NotificationTemplate<K> => template;

/** Translation key of a kind's text: `notify.ingestion.import_ready.title`. */
export const notificationKey = (kind: string, part: "title" | "body" | "setting") => `notify.${kind}.${part}`;

/**
 * Text values wrapped in Unicode isolates (FSI … PDI), so a Latin file name or a name in
 * another script keeps its order inside an Arabic sentence, and the reverse. Numbers and web
 * addresses are left as they are (a mail client must still find the address).
 */
export function isolateParams(params: TextParams | undefined): TextParams {
  const out: TextParams = {};
  for (const [k, v] of Object.entries(params ?? {})) out[k] = typeof v === "string" && !/^https?:\/\//.test(v) ? `\u2068${v}\u2069` : v;
  return out;
}
