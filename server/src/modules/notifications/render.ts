import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { isolateParams, notificationKey, type TextParams } from "../../common/notifications.js";
import { templateOf } from "./registry.js";

export interface RenderedNotification {
  title: string;
  body: string;
  /** The client path it opens. */
  link: string;
  /** The title's and body's keys and values, for an email written from the same words. */
  phrases: { title: { key: string; params: TextParams }; body: { key: string; params: TextParams } };
}

/** A notification's words in `lang`, from its kind's template and its parameters. */
export function renderNotification(kind: string, params: Record<string, unknown>, lang: Language): RenderedNotification {
  const template = templateOf(kind);
  // A kind no area sends any more still reads as something (its old rows stay listed).
  const known = template ? kind : "unknown";
  const values: TextParams = template?.text ? template.text(params, (key) => translate(runtimeKey(key), lang)) : plain(params);
  const title = { key: notificationKey(known, "title"), params: values };
  const body = { key: notificationKey(known, "body"), params: values };
  return {
    title: translate(runtimeKey(title.key), lang, isolateParams(values)),
    body: translate(runtimeKey(body.key), lang, isolateParams(values)),
    link: template ? template.link(params) : "/notifications",
    phrases: { title, body },
  };
}

function plain(params: Record<string, unknown>): TextParams {
  const out: TextParams = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}
