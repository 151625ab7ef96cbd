import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { Dialog } from "../../../ui/Dialog";
import { SelectField } from "../../../ui/SelectField";
import { Spinner } from "../../../ui/Spinner";
import { TextInput } from "../../../ui/TextInput";
import { useRootpediaCitePeopleQuery, useRootpediaCiteRegistriesQuery, useRootpediaCiteVillagesQuery } from "../generated";

type Kind = "person" | "registry" | "village";

/** A record chosen for a citation: its name and its `roots:` address. */
export interface CitedRecord {
  name: string;
  address: string;
}

/**
 * Chooses a record to cite: a person of the tree who has died and is public (found by name in any
 * script), a register of the village, or a village. The citation becomes a footnote (the editor
 * writes it). Only people an article may cite are offered: a save would refuse the others.
 */
export function CiteDialog({
  villageId,
  onCite,
  onClose,
}: {
  villageId: string | null;
  onCite: (record: CitedRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [kind, setKind] = useState<Kind>("person");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const people = useRootpediaCitePeopleQuery({ variables: { search: q }, skip: kind !== "person" || q.length < 2 });
  const villages = useRootpediaCiteVillagesQuery({ variables: { search: q }, skip: kind !== "village" || q.length < 2 });
  const registries = useRootpediaCiteRegistriesQuery({
    variables: { villageId: villageId ?? "" },
    skip: kind !== "registry" || !villageId,
  });
  // Each with how it is listed (a person with their years).
  const found: (CitedRecord & { shown: string })[] =
    kind === "person"
      ? (people.data?.people.edges ?? [])
          .map((e) => e.node)
          .filter((p) => p.isLiving === false && !p.isPrivate)
          .map((p) => ({
            name: p.displayName,
            address: `roots:person/${p.id}`,
            shown: p.birth?.year || p.death?.year ? `${p.displayName} (${p.birth?.year ?? "?"}–${p.death?.year ?? "?"})` : p.displayName,
          }))
      : kind === "village"
        ? (villages.data?.villages.edges ?? []).map(({ node: v }) => {
            const name = localized(lang, v.name, v.nameAr, v.nameFr);
            return { name, address: `roots:village/${v.slug}`, shown: name };
          })
        : (registries.data?.registries ?? [])
            .map((r) => ({ name: localized(lang, r.title ?? "", r.titleAr, r.titleFr), address: `roots:registry/${r.id}` }))
            .filter((r) => r.name && r.name.toLowerCase().includes(q.toLowerCase()))
            .map((r) => ({ ...r, shown: r.name }));
  const loading = people.loading || villages.loading || registries.loading;
  const asked = kind === "registry" || q.length >= 2;
  return (
    <Dialog title={t("rootpedia.cite.title")} onClose={onClose}>
      <div className="rootpedia-cite" data-testid="rootpedia-cite">
        <SelectField label={t("rootpedia.cite.kind")} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="person">{t("rootpedia.cite.person")}</option>
          <option value="registry">{t("rootpedia.cite.registry")}</option>
          <option value="village">{t("rootpedia.cite.village")}</option>
        </SelectField>
        <TextInput label={t("rootpedia.cite.search")} type="search" value={search} onChange={(e) => setSearch(e.target.value)} dir="auto" />
        {kind === "person" && <p className="muted">{t("rootpedia.cite.note")}</p>}
        {loading && <Spinner label={t("common.loading")} />}
        {asked && !loading && (
          <ul className="rootpedia-cite__list">
            {found.map((r) => (
              <li key={r.address}>
                <button type="button" className="rootpedia-cite__choice" onClick={() => onCite({ name: r.name, address: r.address })}>
                  <bdi>{r.shown}</bdi>
                </button>
              </li>
            ))}
            {!found.length && <li className="muted">{t("rootpedia.cite.none")}</li>}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
