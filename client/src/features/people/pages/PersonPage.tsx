import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { localized } from "../../../lib/localized";
import { Spinner } from "../../../ui/Spinner";
import { LoadFailed } from "../../../ui/LoadFailed";
import { RecordHistory } from "../../curation";
import { PersonGallery, PersonPortrait } from "../../media";
import { AddPersonForm } from "../components/AddPersonForm";
import { FamilyPicker } from "../components/FamilyPicker";
import { PersonCard } from "../components/PersonCard";
import { PersonLinks } from "../components/PersonLinks";
import { RelationshipPanel } from "../components/RelationshipPanel";
import { SelfRecord } from "../components/SelfRecord";
import { PersonChart } from "../chart/PersonChart";
import { offeredRelations } from "../chart/useTreeActions";
import { showsConfidence } from "../chart/treeData";
import { ProvenanceBadge } from "../../../ui/Badge";
import { lower } from "../../../i18n/typed";
import { KinshipLine } from "../components/KinshipLine";
import { useAddParentMutation, usePersonPageQuery } from "../generated";
import type { PersonPageQuery } from "../../../gql/graphql";
import { DateText } from "../../../ui/DateText";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

type Entry = PersonPageQuery["ancestors"][number];

/** A fact made of texts (notes, sources), one paragraph each, line breaks kept; nothing when there are none. */
function Texts({ label, testId, texts }: { label: string; testId: string; texts: (string | null)[] }) {
  const shown = texts.filter((x): x is string => Boolean(x));
  if (!shown.length) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className="facts__text" data-testid={testId}>
        {shown.map((x, i) => (
          <p key={i} className="facts__para">
            <bdi>{x}</bdi>
          </p>
        ))}
      </dd>
    </>
  );
}

/** Generations side by side: this person, then parents, grandparents … (mirrors in Arabic). */
function Pedigree({ root, entries }: { root: PersonPageQuery["person"]; entries: Entry[] }) {
  const { t } = useTranslation();
  const byGen = new Map<number, Entry[]>();
  for (const e of entries) byGen.set(e.generation, [...(byGen.get(e.generation) ?? []), e]);
  return (
    <div className="pedigree" role="list" aria-label={t("people.ancestors")} data-testid="pedigree">
      <div className="pedigree__generation" role="listitem">
        <PersonCard person={root} />
      </div>
      {[...byGen.entries()].map(([g, list]) => (
        <div key={g} className="pedigree__generation" role="listitem" aria-label={t("people.generation", { count: g })}>
          {list.map((e) => (
            <PersonCard key={e.person.id} person={e.person} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The person page: details, pedigree (4 generations), parents and partners (editable), family, descendants, and adding a parent. */
export default function PersonPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { personId = "" } = useParams();
  const { data, loading, error, refetch } = usePersonPageQuery({ variables: { id: personId }, fetchPolicy: "cache-and-network" });
  const [addParent, adding] = useAddParentMutation();
  const [linkKind, setLinkKind] = useState<"father" | "mother" | null>(null);
  useDocumentTitle(data?.person.displayName);
  // What lies below the first screen (pedigree, relatives, family, descendants, history) first
  // renders in the background, after the person's name, facts and chart: a deferred render React
  // splits into short tasks, so a large family does not block a phone for a second.
  const later = useDeferredValue(data, undefined);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const p = data!.person;
  const restShown = later?.person.id === p.id;
  const problem = apiProblem(adding.error, t("errors.network"));
  const parentsToAdd = offeredRelations(p.parentGenders).filter((r): r is "father" | "mother" => r === "father" || r === "mother");
  return (
    <article className="page">
      <p>
        <Link to="/roots">{t("people.my_tree")}</Link>
        {p.viewerCan.edit && (
          <>
            {" "}
            · <Link to={`/roots?root=${encodeURIComponent(p.id)}`}>{t("chart.show_in_builder")}</Link>
          </>
        )}
      </p>
      <div className="person-head">
        {!p.isPrivate && (
          <PersonPortrait personId={p.id} name={p.displayName} portrait={p.portrait} canEdit={p.viewerCan.edit} onChanged={refetch} />
        )}
        <h1>
          <bdi>{p.displayName}</bdi>
        </h1>
      </div>
      <KinshipLine personId={p.id} isViewer={p.isViewer} />
      <SelfRecord person={p} onChanged={refetch} />
      {p.isPrivate ? (
        <p className="notice">{t("people.private_notice")}</p>
      ) : (
        <dl className="facts">
          {p.fullNameAr && (
            <>
              <dt>{t("people.full_name_ar")}</dt>
              <dd lang="ar">
                <bdi>{p.fullNameAr}</bdi>
              </dd>
            </>
          )}
          {p.birth && (
            <>
              <dt>{t("people.birth")}</dt>
              <dd>
                <DateText text={p.birth.text} />
                {p.birthPlace ? (
                  <>
                    {" "}
                    · <bdi>{p.birthPlace}</bdi>
                  </>
                ) : null}
              </dd>
            </>
          )}
          {p.death && (
            <>
              <dt>{t("people.death")}</dt>
              <dd>
                <DateText text={p.death.text} />
                {p.deathPlace ? (
                  <>
                    {" "}
                    · <bdi>{p.deathPlace}</bdi>
                  </>
                ) : null}
              </dd>
            </>
          )}
          {p.village && (
            <>
              <dt>{t("people.village")}</dt>
              <dd>
                <Link to={`/libanpedia/${p.village.slug}`}>{localized(lang, p.village.name, p.village.nameAr, p.village.nameFr)}</Link>
              </dd>
            </>
          )}
          {p.family && (
            <>
              <dt>{t("people.family")}</dt>
              <dd>
                <bdi>{localized(lang, p.family.familyName, p.family.familyNameAr, p.family.familyNameFr)}</bdi>
              </dd>
            </>
          )}
          {p.occupation && (
            <>
              <dt>{t("people.occupation")}</dt>
              <dd>{p.occupation}</dd>
            </>
          )}
          {/* Notes and sources as recorded or imported: the person's own, then the file's shared notes and cited sources. */}
          {p.provenance && (
            <>
              <dt>{t("people.record")}</dt>
              <dd data-testid="person-provenance">
                <ProvenanceBadge provenance={p.provenance} />
                {showsConfidence(p) && <span className="muted"> {Math.round((p.confidence ?? 0) * 100)}%</span>}
                {p.entry && <span className="muted"> · {t(`people.entry_${lower(p.entry)}`)}</span>}
              </dd>
            </>
          )}
          <Texts label={t("people.notes")} testId="person-notes" texts={[p.bio, ...p.fromFiles.notes]} />
          <Texts label={t("people.sources")} testId="person-sources" texts={[p.sources, ...p.fromFiles.sources]} />
        </dl>
      )}
      <PersonChart personId={p.id} expected={data!.ancestors.length > 0 || data!.descendants.length > 0} />
      {restShown && (
        <>
          <section aria-labelledby="pedigree-h">
            <h2 id="pedigree-h">{t("people.ancestors")}</h2>
            <Pedigree root={p} entries={data!.ancestors} />
          </section>
          <PersonLinks
            key={p.id}
            person={p}
            parents={data!.ancestors.filter((a) => a.generation === 1).map((a) => a.person)}
            onChanged={refetch}
          />
          {p.viewerCan.edit && (
            <FamilyPicker key={p.id} personId={p.id} village={p.village ?? null} family={p.family ?? null} onChanged={refetch} />
          )}
          <RelationshipPanel person={p} />
          <PersonGallery personId={p.id} />
          {p.viewerCan.edit && parentsToAdd.length > 0 && (
            <section className="card" aria-labelledby="add-parent-h">
              <h2 id="add-parent-h">{t("people.add_parent")}</h2>
              <div className="tabs">
                {parentsToAdd.map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className={linkKind === kind ? "tab tab--active" : "tab"}
                    onClick={() => setLinkKind(kind)}
                  >
                    {t(`people.add_${kind}`)}
                  </button>
                ))}
              </div>
              {linkKind && parentsToAdd.includes(linkKind) && (
                <AddPersonForm
                  submitLabel={t(linkKind === "father" ? "people.add_father" : "people.add_mother")}
                  gender={linkKind === "father" ? "M" : "F"}
                  onCreated={async (parent) => {
                    const res = await addParent({ variables: { childId: p.id, parentId: parent.id, kind: "BIRTH" } }).catch(() => null);
                    if (res?.data) {
                      setLinkKind(null);
                      await refetch();
                    }
                  }}
                />
              )}
              {problem && (
                <p className="form-error" role="alert">
                  {[problem.message, ...Object.values(problem.fields).flat()].join(" ")}
                </p>
              )}
            </section>
          )}
          {data!.descendants.length > 0 && (
            <section aria-labelledby="desc-h">
              <h2 id="desc-h">{t("people.descendants")}</h2>
              <div className="person-grid">
                {data!.descendants.map((d) => (
                  <PersonCard key={d.person.id} person={d.person} />
                ))}
              </div>
            </section>
          )}
          <RecordHistory table="PEOPLE" recordId={p.id} onReverted={refetch} />
        </>
      )}
    </article>
  );
}
