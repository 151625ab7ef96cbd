import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChartPersonFragment } from "../../../gql/graphql";
import { useFindPeopleLazyQuery } from "../generated";
import { yearsOf } from "./treeData";
import type { Relation } from "./useTreeActions";

/** Search existing records by name (any script) and link one as father, mother, spouse or child. */
export function LinkExisting({
  person,
  relations,
  busy,
  onPick,
}: {
  person: ChartPersonFragment;
  relations: Relation[];
  busy: boolean;
  onPick: (relation: Relation, existingId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [relation, setRelation] = useState<Relation>("father");
  const [search, setSearch] = useState("");
  const [find, { data, loading }] = useFindPeopleLazyQuery();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (search.trim()) void find({ variables: { search: search.trim() } });
  };
  const results = (data?.people.edges ?? []).map((e) => e.node).filter((p) => p.id !== person.id);
  return (
    <div className="link-existing">
      <div className="form-field">
        <label htmlFor={`${id}-rel`}>{t("chart.relation")}</label>
        <select id={`${id}-rel`} value={relation} onChange={(e) => setRelation(e.target.value as Relation)}>
          {relations.map((r) => (
            <option key={r} value={r}>
              {t(`chart.relation_${r}`)}
            </option>
          ))}
        </select>
      </div>
      <form className="search-row" onSubmit={submit} role="search">
        <div className="form-field">
          <label htmlFor={`${id}-q`}>{t("chart.search_people")}</label>
          <input id={`${id}-q`} value={search} onChange={(e) => setSearch(e.target.value)} dir="auto" autoFocus />
        </div>
        <button className="button" type="submit">
          {t("chart.search")}
        </button>
      </form>
      {loading && <p>{t("common.loading")}</p>}
      {data && !results.length && <p className="muted">{t("chart.no_results")}</p>}
      <ul className="link-results">
        {results.map((p) => (
          <li key={p.id}>
            <span>
              <bdi>{p.displayName}</bdi>
              {!p.isPrivate && p.fullNameAr && p.fullNameAr !== p.displayName && (
                <>
                  {" "}
                  · <bdi lang="ar">{p.fullNameAr}</bdi>
                </>
              )}
              {yearsOf(p) && (
                <span className="muted" dir="ltr">
                  {" "}
                  {yearsOf(p)}
                </span>
              )}
            </span>
            <button className="button" type="button" disabled={busy || !p.viewerCan.edit} onClick={() => onPick(relation, p.id)}>
              {t("chart.link_as", { relation: t(`chart.relation_${relation}`) })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
