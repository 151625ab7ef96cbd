import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFeatureFlags } from "../../../app/flags";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { useHomeSearchFamiliesQuery, useHomeSearchPeopleQuery, useHomeSearchVillagesQuery } from "../generated";

/**
 * What the home page's search box found: villages, families and people by a name in any
 * script, each group from its own query (families and people only while the family tree is on).
 */
export default function HomeSearchResults({ q, id }: { q: string; id: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const skip = q.length < 2;
  const trees = useFeatureFlags()("familyTree");
  const villages = useHomeSearchVillagesQuery({ variables: { q }, skip });
  const families = useHomeSearchFamiliesQuery({ variables: { q }, skip: skip || !trees });
  const people = useHomeSearchPeopleQuery({ variables: { q }, skip: skip || !trees });
  const v = skip ? [] : (villages.data?.villages.edges ?? []);
  const f = skip || !trees ? [] : (families.data?.families.edges ?? []);
  const p = skip || !trees ? [] : (people.data?.people.edges ?? []);
  const loading = !skip && (villages.loading || families.loading || people.loading);

  return (
    <div id={id} className="home-search__results" aria-live="polite" data-testid="home-search-results">
      {!skip && !loading && v.length + f.length + p.length === 0 && <p className="muted">{t("home.search_none")}</p>}
      {v.length > 0 && (
        <section>
          <h3>{t("home.search_villages")}</h3>
          <ul>
            {v.map(({ node }) => (
              <li key={node.id}>
                <Link to={`/libanpedia/${node.slug}`}>
                  <bdi>{localized(lang, node.name, node.nameAr, node.nameFr)}</bdi>
                </Link>
                {node.district && <span className="muted"> · {localized(lang, node.district, node.districtAr, node.districtFr)}</span>}
              </li>
            ))}
          </ul>
          <Link to={`/villages?q=${encodeURIComponent(q)}`}>{t("home.search_all_villages")}</Link>
        </section>
      )}
      {f.length > 0 && (
        <section>
          <h3>{t("home.search_families")}</h3>
          <ul>
            {f.map(({ node }) => {
              const name = <bdi>{localized(lang, node.familyName, node.familyNameAr, node.familyNameFr)}</bdi>;
              return (
                <li key={node.id}>
                  {node.village ? <Link to={`/libanpedia/${node.village.slug}`}>{name}</Link> : name}
                  {node.village && (
                    <span className="muted">
                      {" "}
                      · <bdi>{localized(lang, node.village.name, node.village.nameAr, node.village.nameFr)}</bdi>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {p.length > 0 && (
        <section>
          <h3>{t("home.search_people")}</h3>
          <ul>
            {p.map(({ node }) => (
              <li key={node.id}>
                <Link to={`/person/${node.id}`}>
                  <bdi>{node.isPrivate ? t("home.private_person") : node.displayName}</bdi>
                </Link>
                {node.birth?.year && <span className="muted"> · {node.birth.year}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
