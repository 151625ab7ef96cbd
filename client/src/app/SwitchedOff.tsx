import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "./flags";
import { ButtonLink } from "../ui/Button";
import { runtimeKey } from "../i18n/typed";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** The page of a route whose feature is switched off: says so, in the reader's language, and offers the way home. */
export function SwitchedOffPage({ flag }: { flag: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t("flags.off_title"));
  return (
    <section className="page page--center" data-testid="switched-off">
      <h1>{t("flags.off_title")}</h1>
      <p>{t("flags.off_body", { name: t(runtimeKey(`flags.${flag}`)) })}</p>
      <ButtonLink variant="primary" to="/">
        {t("notfound.home")}
      </ButtonLink>
    </section>
  );
}

/** Shows `children` while every flag is on, the switched-off page otherwise. */
export function FlagGate({ flags, children }: { flags: readonly string[]; children: ReactNode }) {
  const on = useFeatureFlags();
  const off = flags.find((flag) => !on(flag));
  return off ? <SwitchedOffPage flag={off} /> : <>{children}</>;
}
