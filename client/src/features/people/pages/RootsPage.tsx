import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { AddPersonForm } from "../components/AddPersonForm";
import { PersonCard } from "../components/PersonCard";
import { useMyPeopleQuery } from "../generated";

/** /roots: the member's tree — everyone they recorded, and a way to add someone. */
export default function RootsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, loading } = useMyPeopleQuery({ variables: { first: 100 }, fetchPolicy: "cache-and-network" });
  return (
    <section className="page">
      <h1>{t("people.my_tree")}</h1>
      <p className="lead">{t("people.my_tree_intro")}</p>
      <div className="villages-layout">
        <div>
          {loading && !data && <p>{t("common.loading")}</p>}
          {data && <p className="muted">{t("people.count", { count: data.people.totalCount })}</p>}
          <div className="person-grid">{data?.people.edges.map((e) => <PersonCard key={e.node.id} person={e.node} />)}</div>
        </div>
        <section className="card" aria-labelledby="add-person">
          <h2 id="add-person">{t("people.add_person")}</h2>
          <AddPersonForm submitLabel={t("people.add")} onCreated={(p) => navigate(`/person/${p.id}`)} />
        </section>
      </div>
    </section>
  );
}
