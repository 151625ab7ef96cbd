import { useTranslation } from "react-i18next";

/** How a ballot works, in four steps: the Roots Passport, the cooling-off, the vote, the receipt. */
export function BallotHelp() {
  const { t } = useTranslation();
  return (
    <details className="card ballot-help" data-testid="ballot-help">
      <summary>{t("ballots.help.title")}</summary>
      <dl>
        <dt>{t("ballots.help.passport_title")}</dt>
        <dd>{t("ballots.help.passport")}</dd>
        <dt>{t("ballots.help.cooling_title")}</dt>
        <dd>{t("ballots.help.cooling")}</dd>
        <dt>{t("ballots.help.vote_title")}</dt>
        <dd>{t("ballots.help.vote")}</dd>
        <dt>{t("ballots.help.receipt_title")}</dt>
        <dd>{t("ballots.help.receipt")}</dd>
      </dl>
    </details>
  );
}
