import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { dateInWords } from "../lib/dateText";

/** A genealogical date in the reader's words where it can be (dateInWords), else as written, left to right. */
export function DateText({ text }: { text: string }) {
  const { t } = useTranslation();
  const words = dateInWords(text, currentLanguage(), t);
  return words ? <bdi>{words}</bdi> : <bdi dir="ltr">{text}</bdi>;
}
