import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { runtimeKey } from "../../../i18n/typed";
import { formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import type { DocumentRequestFieldsFragment } from "../../../gql/graphql";

const TONE: Record<string, BadgeTone> = {
  delivered: "green",
  rejected: "red",
  cancelled: "neutral",
  needs_information: "orange",
  awaiting_payment: "gold",
};

/** A request's state in the reader's words (`ancestry.state.<state>`, the server's notification uses the same). */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[state] ?? "primary"}>{t(runtimeKey(`ancestry.state.${state}`))}</Badge>;
}

/** The expected delivery, a range of days. */
export function ExpectedRange({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!from || !to) return null;
  return <p>{t("ancestry.expected", { from: formatDate(from, lang), to: formatDate(to, lang) })}</p>;
}

/** The fee lines: each amount, an LBP fee with its rate, source and day, and what became of its hold. */
export function FeeLines({ request }: { request: Pick<DocumentRequestFieldsFragment, "lines" | "totalUsd"> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <table className="ancestry-fees">
      <tbody>
        {request.lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">{t(runtimeKey(`ancestry.line_${l.kind}`))}</th>
            <td>
              <bdi>{formatMoney(l.usd, "USD", lang)}</bdi>
              {l.lbp && l.ratePerUsd && (
                <small className="muted">
                  {" "}
                  {t("ancestry.line_rate", {
                    lbp: formatMoney(l.lbp, "LBP", lang),
                    rate: formatNumber(Number(l.ratePerUsd), lang),
                    source: l.rateSource ?? "",
                    day: l.rateOn ? formatDate(l.rateOn, lang) : "",
                  })}
                </small>
              )}
            </td>
            <td>
              {t(runtimeKey(`ancestry.line_status_${l.status}`))}
              {l.refundedUsd !== "0" && (
                <small className="muted"> · {t("ancestry.line_refunded", { amount: formatMoney(l.refundedUsd, "USD", lang) })}</small>
              )}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t("ancestry.total")}</th>
          <td>
            <bdi>{formatMoney(request.totalUsd, "USD", lang)}</bdi>
          </td>
          <td />
        </tr>
      </tbody>
    </table>
  );
}

/** Who the record is about, or "Private". Names and numbers are isolated: Arabic and Latin never run together. */
export function SubjectSummary({ request }: { request: Pick<DocumentRequestFieldsFragment, "details" | "isPrivate"> }) {
  const { t } = useTranslation();
  const d = request.details;
  if (request.isPrivate || !d) return <p className="muted">{t("ancestry.private")}</p>;
  const rows: [string, string | null][] = [
    [t("ancestry.subject_name_ar"), d.subjectNameAr],
    [t("ancestry.subject_name_latin"), d.subjectNameLatin],
    [t("ancestry.father_name"), d.fatherName],
    [t("ancestry.mother_name"), d.motherName],
    [t("ancestry.birth_date"), d.birthDate],
    [t("ancestry.registration_village"), d.registrationVillageName],
    [t("ancestry.registration_number"), d.registrationNumber],
  ];
  return (
    <dl className="ancestry-facts">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <bdi>{v}</bdi>
            </dd>
          </div>
        ))}
    </dl>
  );
}
