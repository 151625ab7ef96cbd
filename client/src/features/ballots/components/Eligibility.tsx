import { useTranslation } from "react-i18next";
import type { BallotEligibilityQuery } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Card } from "../../../ui/Card";

type Eligibility = BallotEligibilityQuery["ballotEligibility"];

/**
 * Whether the member may vote in the village's ballots: how they qualify (a verified root, a Roots
 * Passport), or each reason they do not, with its way out as the server wrote it in their language.
 */
export function EligibilityNotice({ eligibility, onRoll }: { eligibility: Eligibility; onRoll: boolean | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (eligibility.eligible && onRoll !== false)
    return (
      <Card tone="green" data-testid="ballot-eligibility">
        <p>
          {t("ballots.eligible")} {eligibility.through.map((k) => t(`ballots.through.${k as "passport" | "verified_root"}`)).join(" · ")}
        </p>
      </Card>
    );
  return (
    <Card tone="gold" title={t("ballots.ineligible_title")} titleId="ballot-ineligible" data-testid="ballot-eligibility">
      <ul className="ballot-reasons">
        {eligibility.eligible && onRoll === false && <li>{t("ballots.not_on_roll")}</li>}
        {eligibility.messages.map((m, i) => (
          <li key={eligibility.reasons[i] ?? i} data-reason={eligibility.reasons[i]}>
            {m}
            {eligibility.reasons[i] === "account_too_new" && eligibility.eligibleFrom && (
              <> {t("ballots.eligible_from", { date: formatDateTime(eligibility.eligibleFrom, lang) })}</>
            )}
          </li>
        ))}
      </ul>
      {!eligibility.eligible && <p className="muted">{t("ballots.how_to_become_eligible")}</p>}
    </Card>
  );
}
