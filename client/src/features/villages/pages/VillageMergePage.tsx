import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { VillageCardFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { EmptyState } from "../../../ui/EmptyState";
import { Skeleton } from "../../../ui/Skeleton";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { useMergeVillageChoicesQuery, useMergeVillagesMutation, useVillageDuplicatesQuery } from "../generated";
import "../villages.css";

type Village = VillageCardFragment;

/** A village's name in the reader's language, with its caza to tell homonyms apart. */
function VillageLabel({ v }: { v: Village }) {
  const lang = currentLanguage();
  return (
    <span className="merge-village">
      <Link to={`/libanpedia/${v.slug}`}>
        <bdi>{localized(lang, v.name, v.nameAr, v.nameFr)}</bdi>
      </Link>{" "}
      <span className="muted">
        <bdi>{lang === "ar" ? v.name : (v.nameAr ?? "")}</bdi> · <bdi>{localized(lang, v.district ?? "", v.districtAr, v.districtFr)}</bdi>{" "}
        · <bdi>{v.slug}</bdi>
      </span>
    </span>
  );
}

function useMerge(onDone: (text: string, slug: string) => void) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [merge] = useMergeVillagesMutation({ refetchQueries: ["VillageDuplicates"] });
  return async (keep: Village, gone: Village) => {
    const res = await merge({ variables: { intoId: keep.id, fromId: gone.id } });
    const kept = res.data!.mergeVillages.village;
    onDone(
      t("merge.done", { a: localized(lang, kept.name, kept.nameAr, kept.nameFr), b: localized(lang, gone.name, gone.nameAr, gone.nameFr) }),
      kept.slug,
    );
  };
}

/** Find a village by name in any script, for the manual merge. */
function VillagePick({ label, value, onChange }: { label: string; value: Village | null; onChange: (v: Village | null) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), 250);
  const { data } = useMergeVillageChoicesQuery({ variables: { search }, skip: search.length < 2 || !!value });
  if (value)
    return (
      <div className="form-field">
        <span>{label}</span>
        <div className="merge-picked">
          <VillageLabel v={value} />
          <Button type="button" onClick={() => onChange(null)}>
            {t("merge.change")}
          </Button>
        </div>
      </div>
    );
  const found = search.length >= 2 ? (data?.villages.edges.map((e) => e.node) ?? []) : [];
  return (
    <div className="form-field">
      <label>
        {label}
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("villages.search_placeholder")}
          dir="auto"
        />
      </label>
      {found.length > 0 && (
        <ul className="choice-list" aria-label={label}>
          {found.map((v) => (
            <li key={v.id} className="merge-choice">
              <VillageLabel v={v} />
              <Button
                type="button"
                aria-label={`${t("merge.pick")}${t("common.colon")} ${localized(lang, v.name, v.nameAr, v.nameFr)}`}
                onClick={() => {
                  onChange(v);
                  setText("");
                }}
              >
                {t("merge.pick")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /management/villages/merge: likely duplicates (same name skeleton, same caza, close points)
 * with the reasons, and a merge of any two villages the viewer may merge (curators of both,
 * editors, admins; the server decides). Merging asks first and cannot be undone.
 */
export default function VillageMergePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("merge.title"));
  const { data, loading, error } = useVillageDuplicatesQuery({ fetchPolicy: "cache-and-network" });
  const [done, setDone] = useState<{ text: string; slug: string } | null>(null);
  const [keep, setKeep] = useState<Village | null>(null);
  const [gone, setGone] = useState<Village | null>(null);
  const merge = useMerge((text, slug) => {
    setDone({ text, slug });
    setKeep(null);
    setGone(null);
  });
  const name = (v: Village) => localized(lang, v.name, v.nameAr, v.nameFr);
  // Homonyms (two "Haret el Faouqa") are told apart by their address.
  const named = (v: Village, other: Village) => (name(v) === name(other) ? `${name(v)} (${v.slug})` : name(v));
  const question = (a: Village, b: Village) => t("merge.confirm", { a: named(a, b), b: named(b, a) });
  const pairs = data?.villageDuplicates ?? [];
  return (
    <section className="page merge-page">
      <h1>{t("merge.title")}</h1>
      <p className="lead">{t("merge.intro")}</p>
      {done && (
        <p className="notice" role="status" data-testid="merge-done">
          <bdi>{done.text}</bdi> <Link to={`/libanpedia/${done.slug}`}>{t("merge.open")}</Link>
        </p>
      )}
      <section className="card" aria-labelledby="merge-suggestions">
        <h2 id="merge-suggestions">{t("merge.suggestions")}</h2>
        {loading && !data && <Skeleton label={t("common.loading")} />}
        {error && (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
        {data && pairs.length === 0 && <EmptyState title={t("merge.no_suggestions")} />}
        <ul className="merge-list" data-testid="merge-suggestions">
          {pairs.map((p) => (
            <li key={`${p.a.id}-${p.b.id}`} className="merge-pair">
              <div className="merge-pair__names">
                <VillageLabel v={p.a} />
                <VillageLabel v={p.b} />
              </div>
              <div className="merge-pair__reasons">
                {p.reasons.map((r) => (
                  <Badge key={r} tone="gold">
                    {r === "SAME_NAME_SKELETON"
                      ? t("merge.reason_same_name_skeleton", { skeleton: p.skeleton })
                      : r === "SAME_DISTRICT"
                        ? t("merge.reason_same_district")
                        : t("merge.reason_nearby", { km: formatNumber(p.distanceKm ?? 0, lang, { maximumFractionDigits: 1 }) })}
                  </Badge>
                ))}
              </div>
              {p.canMerge && (
                <div className="merge-pair__actions">
                  {[
                    [p.a, p.b],
                    [p.b, p.a],
                  ].map(([a, b]) => (
                    <ConfirmAction
                      key={a.id}
                      label={t("merge.keep_a", { a: named(a, b), b: named(b, a) })}
                      question={question(a, b)}
                      confirmLabel={t("merge.do")}
                      danger
                      onConfirm={() => merge(a, b)}
                    />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="merge-manual">
        <h2 id="merge-manual">{t("merge.manual")}</h2>
        <VillagePick label={t("merge.keep")} value={keep} onChange={setKeep} />
        <VillagePick label={t("merge.remove")} value={gone} onChange={setGone} />
        {keep && gone && (
          <ConfirmAction
            label={t("merge.do")}
            question={question(keep, gone)}
            confirmLabel={t("merge.do")}
            danger
            onConfirm={() => merge(keep, gone)}
          />
        )}
      </section>
    </section>
  );
}
