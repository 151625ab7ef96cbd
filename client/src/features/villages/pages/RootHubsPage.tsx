import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { Field } from "../../../ui/Field";
import { Spinner } from "../../../ui/Spinner";
import { PersonCard } from "../../people";
import { HubFamilies } from "../components/HubFamilies";
import { HubEvents, HubFamilyEvents, HubLandmarks, HubRegistry } from "../components/HubSections";
import { useHubPeopleQuery, useVillagePageQuery, useVillagesQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { EmptyState } from "../../../ui/EmptyState";

/** The first demo village: the hub opens on it when no village is chosen. */
const DEFAULT_VILLAGE = "zahle";

/** Choose a root hub by name in any script; the choice goes into `?village=slug`. */
function VillagePicker({ onPick }: { onPick: (slug: string) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [search, setSearch] = useState("");
  const { data } = useVillagesQuery({ variables: { search: search.trim(), first: 8 }, skip: search.trim().length < 2 });
  return (
    <div className="hub-picker">
      <Field
        label={t("hub.pick_village")}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t("villages.search_placeholder")}
        dir="auto"
        type="search"
      />
      {data && search.trim().length >= 2 && (
        <ul className="village-list">
          {data.villages.edges.map(({ node }) => (
            <li key={node.id}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onPick(node.slug);
                  setSearch("");
                }}
              >
                <bdi>{localized(lang, node.name, node.nameAr, node.nameFr)}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** People of the village (living people appear as Private). */
function HubPeople({ villageId }: { villageId: string }) {
  const { t } = useTranslation();
  const { data } = useHubPeopleQuery({ variables: { villageId } });
  const people = data?.people.edges ?? [];
  return (
    <section className="card" data-testid="hub-people">
      <h2>{t("hub.people")}</h2>
      {people.length === 0 ? (
        <EmptyState title={t("hub.no_people")} />
      ) : (
        <div className="person-grid">
          {people.map(({ node }) => (
            <PersonCard key={node.id} person={node} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Root hub (spec): a village's history, families, emigrant registry by country, festivals, landmarks and people. */
export default function RootHubsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("hub.title"));
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const slug = params.get("village") || DEFAULT_VILLAGE;
  const { data, loading, error } = useVillagePageQuery({ variables: { slug } });
  const v = data?.village;
  return (
    <article className="page">
      <h1>{t("hub.title")}</h1>
      <p className="lead">{t("hub.intro")}</p>
      <VillagePicker onPick={(s) => setParams({ village: s })} />
      {loading && <Spinner label={t("common.loading")} />}
      {!loading && (error || !v) && (
        <p className="notice" role="status">
          {t("hub.village_not_found")}
        </p>
      )}
      {v && (
        <>
          <h2 className="hub-village-name">
            <bdi>{localized(lang, v.name, v.nameAr, v.nameFr)}</bdi>
          </h2>
          <p>
            <Link to={`/libanpedia/${v.slug}`}>{t("hub.open_village_page")}</Link>
          </p>
          <section className="card" data-testid="hub-history">
            <h2>{t("villages.history")}</h2>
            <p>{localized(lang, v.description, v.descriptionAr, v.descriptionFr) || t("villages.no_history")}</p>
          </section>
          <HubSplit villageId={v.id} slug={v.slug} />
        </>
      )}
    </article>
  );
}

/** Families, registry, festivals, landmarks, people — in the spec's order. */
function HubSplit({ villageId, slug }: { villageId: string; slug: string }) {
  return (
    <>
      <HubFamilies villageId={villageId} />
      <HubRegistry slug={slug} villageId={villageId} />
      <HubEvents slug={slug} villageId={villageId} />
      <HubFamilyEvents slug={slug} villageId={villageId} />
      <HubLandmarks slug={slug} villageId={villageId} />
      <HubPeople villageId={villageId} />
    </>
  );
}
