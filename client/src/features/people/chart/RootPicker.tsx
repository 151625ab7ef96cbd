import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { storage } from "../../../lib/storage";
import { useMyPeopleQuery } from "../generated";

/**
 * Whose tree is drawn: `?root=` in the address, else the root last chosen on this device (if
 * still one of the member's people), else the first of them. Shared by the builder and the cedar.
 */
const ROOT_KEY = "tree.root";

export function useRootPerson() {
  const [params, setParams] = useSearchParams();
  const { data, loading } = useMyPeopleQuery({ variables: { first: 100 }, fetchPolicy: "cache-and-network" });
  const people = data?.people.edges.map((e) => e.node) ?? [];
  const remembered = storage.get<string>(ROOT_KEY);
  const rootId = params.get("root") ?? people.find((p) => p.id === remembered)?.id ?? people[0]?.id ?? null;
  const setRoot = (id: string) => {
    storage.set(ROOT_KEY, id);
    setParams((p) => { p.set("root", id); return p; });
  };
  return { rootId, setRoot, people, loading: loading && !data };
}

/** A chooser of the member's people; the current root stays listed even if not theirs. */
export function RootPicker({ rootId, people, onChange }: { rootId: string | null; people: PersonSummaryFragment[]; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  if (!people.length) return null;
  const listed = rootId && !people.some((p) => p.id === rootId) ? [{ id: rootId, displayName: t("chart.current_root") }, ...people] : people;
  return (
    <div className="form-field root-picker">
      <label htmlFor={id}>{t("chart.root_person")}</label>
      <select id={id} value={rootId ?? ""} onChange={(e) => onChange(e.target.value)}>
        {listed.map((p) => <option key={p.id} value={p.id}>{p.displayName}</option>)}
      </select>
    </div>
  );
}
