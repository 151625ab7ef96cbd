import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../../../ui/useHydrated";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { personSortName, sortByName } from "../../../lib/collate";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { useFindMyPeopleQuery, useMyPeopleQuery, useRememberTreeRootMutation, useTreeStartQuery } from "../generated";
import { yearsOf } from "./treeData";

/**
 * Whose tree is drawn: `?root=` in the address, else where the server says the member's tree
 * opens ("This is me", else the root they last chose, else their most connected person, with
 * the picker open). A root chosen here is remembered on the server, for every device.
 * Shared by the builder and the cedar.
 */
export function useRootPerson() {
  const [params, setParams] = useSearchParams();
  const { data, loading } = useMyPeopleQuery({ variables: { first: 100 }, fetchPolicy: "cache-and-network" });
  const start = useTreeStartQuery({ fetchPolicy: "cache-and-network" });
  const [remember] = useRememberTreeRootMutation();
  const people = data?.people.edges.map((e) => e.node) ?? [];
  const given = params.get("root");
  const opening = start.data?.treeStart ?? null;
  const rootId = given ?? opening?.person.id ?? null;
  const setRoot = (id: string) => {
    void remember({ variables: { personId: id } }).catch(() => null);
    setParams((p) => {
      p.set("root", id);
      return p;
    });
  };
  return {
    rootId,
    setRoot,
    people,
    /** The tree opened on a person the member did not choose: offer the picker. */
    openPicker: !given && Boolean(opening?.openPicker),
    loading: (loading && !data) || (start.loading && !start.data),
  };
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
  open = false,
}: {
  rootId: string | null;
  root?: PersonSummaryFragment | null;
  people: PersonSummaryFragment[];
  onChange: (id: string) => void;
  /** The tree opened on someone the member did not choose: say so and put the cursor in the search. */
  open?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const id = useId();
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  // Once the chooser is shown (the member's people may arrive after the tree's start).
  const shown = people.length > 0;
  // (On a page the server rendered, once the browser has taken it over: the fields work from then.)
  const live = useHydrated();
  useEffect(() => {
    if (open && shown && live) search.current?.focus({ preventScroll: true });
  }, [open, shown, live]);
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
  // In the reader's order, on the names in their script (the server sends its first hundred by Latin name).
  const listed = [...current, ...sortByName(people, lang, (p) => personSortName(p, lang))];
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
    <div className={open ? "form-field root-picker root-picker--open" : "form-field root-picker"} data-testid="root-picker">
      <label htmlFor={id}>{t("chart.root_person")}</label>
      <select id={id} value={rootId ?? ""} onChange={(e) => onChange(e.target.value)} disabled={!live}>
        {listed.map((p) => (
          <option key={p.id} value={p.id}>
            {label(p)}
          </option>
        ))}
      </select>
      <input
        ref={search}
        type="search"
        disabled={!live}
        className="root-picker__search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t("chart.find_in_tree")}
        placeholder={t("chart.find_in_tree")}
      />
      {open && (
        <p className="root-picker__hint" role="status">
          {t("chart.choose_start")}
        </p>
      )}
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
