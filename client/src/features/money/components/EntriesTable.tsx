import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDate, formatMoney } from "../../../lib/format";
import type { TranslationKey } from "../../../i18n/typed";

const ENTRY_KIND: Record<string, TranslationKey> = {
  payment: "money.entry_kinds.payment",
  refund: "money.entry_kinds.refund",
  payout: "money.entry_kinds.payout",
  reversal: "money.entry_kinds.reversal",
  transfer: "money.entry_kinds.transfer",
};

/** Ledger lines, newest first: the wallet's own and a member's statement at the desk. */
export function EntriesTable({
  entries,
}: {
  entries: { id: string; kind: string; amount: string; currency: string; createdAt: string }[];
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <table className="money-table">
      <thead>
        <tr>
          <th scope="col">{t("money.entry_date")}</th>
          <th scope="col">{t("money.entry_kind")}</th>
          <th scope="col">{t("money.entry_amount")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDate(e.createdAt, lang)}</td>
            <td>{ENTRY_KIND[e.kind] ? t(ENTRY_KIND[e.kind]) : e.kind}</td>
            <td className="money-amount">{formatMoney(e.amount, e.currency, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
