import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";

export interface Counts {
  villages: number;
  families: number;
  people: number;
}

/** The rootspace's counts: villages, families and people (numbers only); "…" while they load. */
export function CountsView({ counts }: { counts: Counts | undefined }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const items = [
    ["villages", counts?.villages],
    ["families", counts?.families],
    ["people", counts?.people],
  ] as const;
  return (
    <section className="home-counts" aria-labelledby="home-counts" aria-busy={counts ? undefined : true}>
      <h2 id="home-counts" className="visually-hidden">
        {t("home.counts_heading")}
      </h2>
      <dl>
        {items.map(([key, n]) => (
          <div key={key} className="home-counts__item" data-testid={`count-${key}`}>
            <dt>{n === undefined ? "…" : formatNumber(n, lang)}</dt>
            <dd>{t(`home.count_${key}`, { count: n ?? 0 })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
