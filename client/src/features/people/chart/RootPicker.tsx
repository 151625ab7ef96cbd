import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { storage } from "../../../lib/storage";
import { useAuth } from "../../../app/auth/useAuth";
import { useFindMyPeopleQuery, useMyPeopleQuery } from "../generated";
import { yearsOf } from "./treeData";

/** Per account: another member signing in on the same device does not open on this one's person. */
const rootKey = (viewerId: string | null) => `tree.root.${viewerId ?? "visitor"}`;

/**
 * Whose tree is drawn: `?root=` in the address, else the root this account last drew on this
 * device, else the first of the member's people. Shared by the builder and the cedar.
 */
export function useRootPerson() {
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const key = rootKey(auth.status === "signedIn" ? auth.viewer.id : null);
  const { data, loading } = useMyPeopleQuery({ variables: { first: 100 }, fetchPolicy: "cache-and-network" });
  const people = data?.people.edges.map((e) => e.node) ?? [];
  const remembered = storage.get<string>(key);
  // One of the member's people, or (their tree holds more than the first hundred, and the root
  // may have been found by search) anyone this account remembered.
  const more = data?.people.pageInfo.hasNextPage ?? false;
  const rootId =
    params.get("root") ?? (remembered && (more || people.some((p) => p.id === remembered)) ? remembered : null) ?? people[0]?.id ?? null;
  // The tree drawn is remembered, chosen or not: an import that adds people earlier in the
  // alphabet does not move the tree to the first of them.
  useEffect(() => {
    if (rootId && data && rootId !== storage.get<string>(key)) storage.set(key, rootId);
  }, [rootId, data, key]);
  const setRoot = (id: string) => {
    storage.set(key, id);
    setParams((p) => {
      p.set("root", id);
      return p;
    });
  };
  return { rootId, setRoot, people, loading: loading && !data };
}

/**
 * A chooser of the member's people (the first hundred by name), and a search of all of them by
 * name in any script: a tree imported from a file can hold thousands. Namesakes are told apart by
 * their years. The current root stays listed even when it is not among them (or not theirs).
 */
export function RootPicker({
  rootId,
  root,
  people,
  onChange,
}: {
  rootId: string | null;
  root?: PersonSummaryFragment | null;
  people: PersonSummaryFragment[];
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [asked, setAsked] = useState("");
  // Asked once the member pauses typing, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useFindMyPeopleQuery({ variables: { q: asked }, skip: asked.length < 2, fetchPolicy: "cache-and-network" });
  if (!people.length) return null;
  const current =
    rootId && !people.some((p) => p.id === rootId)
      ? [root?.id === rootId ? root : { id: rootId, displayName: t("chart.current_root"), birth: null, death: null }]
      : [];
  const listed = [...current, ...people];
  const names = new Map<string, number>();
  for (const p of listed) names.set(p.displayName, (names.get(p.displayName) ?? 0) + 1);
  const label = (p: Pick<PersonSummaryFragment, "displayName" | "birth" | "death">) => {
    const years = yearsOf(p);
    return years && (names.get(p.displayName) ?? 0) > 1 ? `${p.displayName} (${years})` : p.displayName;
  };
  const results = asked.length >= 2 ? (found.data?.people.edges.map((e) => e.node) ?? []) : [];
  const choose = (personId: string) => {
    onChange(personId);
    setQuery("");
    setAsked("");
  };
  return (
    <div className="form-field root-picker">
      <label htmlFor={id}>{t("chart.root_person")}</label>
      <select id={id} value={rootId ?? ""} onChange={(e) => onChange(e.target.value)}>
        {listed.map((p) => (
          <option key={p.id} value={p.id}>
            {label(p)}
          </option>
        ))}
      </select>
      <input
        type="search"
        className="root-picker__search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t("chart.find_in_tree")}
        placeholder={t("chart.find_in_tree")}
      />
      {asked.length >= 2 &&
        found.data &&
        (results.length ? (
          <ul className="root-picker__results" aria-label={t("chart.find_in_tree")}>
            {results.map((p) => {
              const years = yearsOf(p);
              return (
                <li key={p.id}>
                  <button type="button" className="button button--link" onClick={() => choose(p.id)}>
                    <bdi>{p.displayName}</bdi>
                    {years && (
                      <>
                        {" "}
                        <span className="muted" dir="ltr">
                          {years}
                        </span>
                      </>
                    )}
                  </button>
                </li>
              );
            })}
            {(found.data?.people.totalCount ?? 0) > results.length && (
              <li className="muted">{t("chart.find_more", { count: found.data!.people.totalCount - results.length })}</li>
            )}
          </ul>
        ) : (
          <p className="muted" role="status">
            {t("chart.find_none")}
          </p>
        ))}
    </div>
  );
}
