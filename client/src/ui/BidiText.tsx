import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, languageInfo } from "../i18n/languages";
import { bidiParts } from "./bidi";

/**
 * A sentence that mixes scripts, written so it reads right: each run in the other direction
 * (a Latin source name and licence in an Arabic sentence) is isolated in a <bdi>, so brackets
 * and punctuation around it are not scrambled ("Who's On First (whosonfirst.org؛ CC0 …)").
 */
export function BidiText({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const base = isLanguage(i18n.language) ? languageInfo(i18n.language).dir : "rtl";
  return (
    <>
      {bidiParts(text, base).map((p, i) =>
        p.dir ? (
          <bdi key={i} dir={p.dir}>
            {p.text}
          </bdi>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * A value always written left to right (an e-mail, coordinates, a GEDCOM date, a code): isolated
 * and kept on its own direction, while its block still aligns with the page (a `dir="ltr"` on
 * the block would push it to the far side of an Arabic page).
 */
export function LtrValue({ children }: { children: string | number | (string | number)[] }) {
  return (
    <bdi dir="ltr" className="ltr-value">
      {children}
    </bdi>
  );
}
