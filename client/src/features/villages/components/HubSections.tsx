import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuth } from "../../auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import type { HubEventFragment } from "../../../gql/graphql";
import { useVillageHubQuery } from "../generated";
import { AddEventForm, AddLandmarkForm, AddRegistryEntryForm } from "./HubForms";
import { countryName } from "./hubLabels";

/** The village's festivals, events, landmarks and registry: one query, shared by every section (Apollo dedupes). */
const useHub = (slug: string) => useVillageHubQuery({ variables: { slug }, fetchPolicy: "cache-and-network" });

/** A section with an "add" form that signed-in members can open. */
function HubSection({ title, addLabel, testId, form, children }: { title: string; addLabel: string; testId: string; form: (close: () => void) => ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <section className="card hub-section" data-testid={testId} aria-label={title}>
      <div className="hub-section__head">
        <h2>{title}</h2>
        {auth.status === "signedIn" && (
          <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? t("hub.cancel") : addLabel}</button>
        )}
      </div>
      {open && form(() => setOpen(false))}
      {children}
    </section>
  );
}

function EventItem({ e }: { e: HubEventFragment }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // Without a title, the person names the event (the badge already says what happened).
  const ownTitle = localized(lang, e.title, e.titleAr, e.titleFr);
  const title = ownTitle || e.primaryPerson?.displayName || t(`hub.event_type.${e.type}`);
  const description = localized(lang, e.description, e.descriptionAr, e.descriptionFr);
  return (
    <li className="hub-item">
      <strong>{!ownTitle && e.primaryPerson ? <Link to={`/person/${e.primaryPerson.id}`}><bdi>{title}</bdi></Link> : <bdi>{title}</bdi>}</strong>
      <span className="hub-item__meta">
        <span className="badge">{t(`hub.event_type.${e.type}`)}</span>
        {e.date && <span dir="ltr">{e.date.text}</span>}
        {e.place && <bdi>{e.place}</bdi>}
        {e.primaryPerson && ownTitle && <Link to={`/person/${e.primaryPerson.id}`}><bdi>{e.primaryPerson.displayName}</bdi></Link>}
      </span>
      {description && <p>{description}</p>}
    </li>
  );
}

/** Festivals first, then the other events of the village. */
export function HubEvents({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const { data, refetch } = useHub(slug);
  const festivals = data?.village.festivals ?? [];
  const others = (data?.village.events ?? []).filter((e) => !festivals.some((f) => f.id === e.id));
  return (
    <HubSection title={t("hub.festivals_events")} addLabel={t("hub.add_event")} testId="hub-events" form={(close) => <AddEventForm villageId={villageId} onDone={() => { close(); void refetch(); }} />}>
      {festivals.length + others.length === 0 ? <p className="muted">{t("hub.no_events")}</p> : (
        <ul className="hub-list">{[...festivals, ...others].map((e) => <EventItem key={e.id} e={e} />)}</ul>
      )}
    </HubSection>
  );
}

export function HubLandmarks({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, refetch } = useHub(slug);
  const landmarks = data?.village.landmarks ?? [];
  return (
    <HubSection title={t("hub.landmarks")} addLabel={t("hub.add_landmark")} testId="hub-landmarks" form={(close) => <AddLandmarkForm villageId={villageId} onDone={() => { close(); void refetch(); }} />}>
      {landmarks.length === 0 ? <p className="muted">{t("hub.no_landmarks")}</p> : (
        <ul className="hub-list">
          {landmarks.map((l) => (
            <li key={l.id} className="hub-item">
              <strong><bdi>{localized(lang, l.name, l.nameAr, l.nameFr)}</bdi></strong>
              <span className="hub-item__meta"><span className="badge">{t(`hub.asset_type.${l.type}`)}</span></span>
              {localized(lang, l.description, l.descriptionAr, l.descriptionFr) && <p>{localized(lang, l.description, l.descriptionAr, l.descriptionFr)}</p>}
            </li>
          ))}
        </ul>
      )}
    </HubSection>
  );
}

/** Destination countries with counts; each opens to its emigrants. */
export function HubRegistry({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, refetch } = useHub(slug);
  const countries = data?.village.registrySummary ?? [];
  return (
    <HubSection title={t("hub.registry")} addLabel={t("hub.add_emigrant")} testId="hub-registry" form={(close) => <AddRegistryEntryForm villageId={villageId} onDone={() => { close(); void refetch(); }} />}>
      {countries.length === 0 ? <p className="muted">{t("hub.no_registry")}</p> : (
        <div className="hub-countries">
          {countries.map((c) => (
            <details key={c.country} className="hub-country">
              <summary>
                <bdi>{countryName(c.country, lang)}</bdi>
                <span className="hub-country__count">{t("hub.emigrant_count", { count: c.count, formatted: formatNumber(c.count, lang) })}</span>
              </summary>
              <ul className="hub-list">
                {c.entries.map((e) => (
                  <li key={e.id} className="hub-item">
                    <Link to={`/person/${e.person.id}`}><bdi>{e.person.displayName}</bdi></Link>
                    <span className="hub-item__meta">
                      {e.departureYear && <span>{t("hub.left_in", { year: e.departureYear })}</span>}
                      {e.notes && <bdi>{e.notes}</bdi>}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      )}
    </HubSection>
  );
}
