import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { ReasonAction } from "../../../ui/ReasonAction";
import { SelectField } from "../../../ui/SelectField";
import { TextInput } from "../../../ui/TextInput";
import {
  useCuratedVillagesQuery,
  useIssueRootsPassportMutation,
  useRevokeRootsPassportMutation,
  useRootsPassportsQuery,
} from "../generated";

/** Roots Passports of a village the member curates: the live ones, issuing one by the member's email and revoking, each with a reason (audited). */
export function PassportsPanel() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const villages = useCuratedVillagesQuery().data?.myCuratedVillages ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const slug = chosen ?? villages[0]?.slug ?? "";
  const list = useRootsPassportsQuery({ variables: { slug }, skip: !slug, fetchPolicy: "cache-and-network" });
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [issue, issuing] = useIssueRootsPassportMutation();
  const [revoke] = useRevokeRootsPassportMutation();
  if (!villages.length) return <EmptyState title={t("ballots.passports.none_curated")} />;
  const problem = apiProblem(issuing.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await issue({ variables: { slug, email, reason } }).catch(() => null);
    if (res?.data) {
      setEmail("");
      setReason("");
      void list.refetch();
    }
  };
  return (
    <section aria-labelledby="passports-h" data-testid="passports">
      <h2 id="passports-h">{t("ballots.passports.title")}</h2>
      <p className="muted">{t("ballots.passports.help")}</p>
      {villages.length > 1 && (
        <SelectField label={t("ballots.passports.village")} value={slug} onChange={(e) => setChosen(e.target.value)}>
          {villages.map((v) => (
            <option key={v.id} value={v.slug}>
              {localized(lang, v.name, v.nameAr, v.nameFr)}
            </option>
          ))}
        </SelectField>
      )}
      <form className="ballot-form" onSubmit={submit}>
        <TextInput
          label={t("ballots.passports.email")}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={problem?.fields.email}
          required
        />
        <TextInput
          label={t("ballots.passports.reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          errors={problem?.fields.reason}
          required
        />
        <Button type="submit" variant="primary" disabled={issuing.loading}>
          {t("ballots.passports.issue")}
        </Button>
      </form>
      {problem && !problem.fields.email && !problem.fields.reason && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {list.data && list.data.rootsPassports.length === 0 ? (
        <p className="muted">{t("ballots.passports.empty")}</p>
      ) : (
        <ul className="rootpedia-list" data-testid="passport-list">
          {(list.data?.rootsPassports ?? []).map((p) => (
            <li key={p.id} className="card passport">
              <span>
                <bdi>{p.holderName ?? ""}</bdi>{" "}
                <span className="muted">
                  · <bdi>{p.reason}</bdi> · {formatDateTime(p.issuedAt, lang)}
                </span>
              </span>
              <ReasonAction
                label={t("ballots.passports.revoke")}
                title={
                  <>
                    {t("ballots.passports.revoke")} · <bdi>{p.holderName ?? ""}</bdi>
                  </>
                }
                reasonLabel={t("ballots.passports.revoke_reason")}
                onConfirm={async (reason) => {
                  await revoke({ variables: { id: p.id, reason } });
                  await list.refetch();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
