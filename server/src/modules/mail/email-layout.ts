import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { isolateParams, type TextParams } from "../../common/notifications.js";

/** A text of the translations with its parameters. */
export interface Phrase {
  key: string;
  params?: TextParams;
}

/**
 * An email, made of translation keys and parameters only: written in the recipient's language
 * when it is queued (`renderEmail`), never from text stored in English.
 */
export interface EmailContent {
  subject: Phrase;
  /** `email.greeting` with the recipient's name, when known. */
  name?: string | null;
  paragraphs: Phrase[];
  /** A button (HTML) or a line with the address (text). */
  action?: { label: Phrase; url: string };
  /** Entries already written in the recipient's language (a digest's notifications). */
  items?: { title: string; body: string; url: string }[];
  /** Small print under the message (why it was sent, where to change it). */
  footer: Phrase[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Email clients know few CSS properties: physical sides are set from the direction here. */
const direction = (lang: Language) => (lang === "ar" ? { dir: "rtl", align: "right" } : { dir: "ltr", align: "left" });

const FONT = (lang: Language) => (lang === "ar" ? `'Noto Naskh Arabic', Tahoma, Arial, sans-serif` : `Arial, Helvetica, sans-serif`);

/** The email in `lang`: a plain-text part and an HTML part (right to left in Arabic), the same words in both. */
export function renderEmail(content: EmailContent, lang: Language): RenderedEmail {
  const t = (p: Phrase) => translate(runtimeKey(p.key), lang, isolateParams(p.params));
  const subject = t(content.subject);
  const greeting = content.name ? t({ key: "email.greeting", params: { name: content.name } }) : null;
  const paragraphs = content.paragraphs.map(t);
  const footer = content.footer.map(t);
  const action = content.action ? { label: t(content.action.label), url: content.action.url } : null;

  const text = [
    greeting,
    ...paragraphs,
    action ? `${action.label}: ${action.url}` : null,
    ...(content.items ?? []).map((i) => `• ${i.title}\n  ${i.body}\n  ${i.url}`),
    "—",
    ...footer,
  ]
    .filter((line): line is string => line !== null)
    .join("\n\n");

  const { dir, align } = direction(lang);
  const p = (s: string, style = "") => `<p style="margin:0 0 16px;${style}">${escape(s)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f8fb;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f8fb;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid #2d5ba8;">
<tr><td dir="${dir}" style="padding:24px;text-align:${align};font-family:${FONT(lang)};font-size:16px;line-height:1.7;color:#1d2433;">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#2d5ba8;">${escape(translate("app.name", lang))}</p>
${greeting ? p(greeting) : ""}${paragraphs.map((s) => p(s)).join("\n")}
${action ? `<p style="margin:24px 0;"><a href="${escape(action.url)}" style="display:inline-block;background:#2d5ba8;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold;">${escape(action.label)}</a></p>\n${p(action.url, "font-size:13px;color:#5b6475;word-break:break-all;")}` : ""}
${(content.items ?? [])
  .map(
    (i) =>
      `<div style="margin:0 0 16px;padding:12px;border:1px solid #dde3ee;border-radius:8px;"><a href="${escape(i.url)}" style="color:#2d5ba8;font-weight:bold;">${escape(i.title)}</a><br>${escape(i.body)}</div>`,
  )
  .join("\n")}
<hr style="border:none;border-top:1px solid #dde3ee;margin:24px 0 16px;">
${footer.map((s) => p(s, "font-size:13px;color:#5b6475;")).join("\n")}
</td></tr></table>
</td></tr></table>
</body>
</html>`;
  return { subject, text, html };
}
