import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import type { HubEventFragment, HubLandmarkFragment } from "../../../gql/graphql";
import { ItemActions } from "../../../ui/ItemActions";
import { useDeleteHubEventMutation, useDeleteLandmarkMutation, useVillageHubQuery } from "../generated";
import { AddRegistryEntryForm, EventForm, LandmarkForm } from "./HubForms";
import { HubSection } from "./HubSection";
import { assetTypeKey, countryName, eventTypeKey } from "./hubLabels";
import { DateText } from "../../../ui/DateText";
import { EmptyState } from "../../../ui/EmptyState";
import { Badge } from "../../../ui/Badge";

/** The village's festivals, events, landmarks and registry: one query, shared by every section (Apollo dedupes). */
const useHub = (slug: string) => useVillageHubQuery({ variables: { slug }, fetchPolicy: "cache-and-network" });

function EventItem({ e, villageId, onChanged }: { e: HubEventFragment; villageId: string; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  const [remove] = useDeleteHubEventMutation();
  // Without a title, the person names the event (the badge already says what happened).
  const ownTitle = localized(lang, e.title, e.titleAr, e.titleFr);
  const title = ownTitle || e.primaryPerson?.displayName || t(eventTypeKey(e.type));
  const description = localized(lang, e.description, e.descriptionAr, e.descriptionFr);
  if (editing) {
    return (
      <li className="hub-item">
        <EventForm
          villageId={villageId}
          event={e}
          onCancel={() => setEditing(false)}
          onDone={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      </li>
    );
  }
  return (
    <li className="hub-item hub-item--actions">
      <div className="hub-item__body">
        <strong>
          {!ownTitle && e.primaryPerson ? (
            <Link to={`/person/${e.primaryPerson.id}`}>
              <bdi>{title}</bdi>
            </Link>
          ) : (
            <bdi>{title}</bdi>
          )}
        </strong>
        <span className="hub-item__meta">
          <Badge tone="primary">{t(eventTypeKey(e.type))}</Badge>
          {e.date && <DateText text={e.date.text} />}
          {e.place && <bdi>{e.placeInReaderScript ?? e.place}</bdi>}
          {e.primaryPerson && ownTitle && (
            <Link to={`/person/${e.primaryPerson.id}`}>
              <bdi>{e.primaryPerson.displayName}</bdi>
            </Link>
          )}
        </span>
        {description && <p>{description}</p>}
      </div>
      {e.viewerCan.edit && (
        <ItemActions
          name={title}
          question={t("hub.confirm_delete_event", { name: title })}
          onEdit={() => setEditing(true)}
          onDelete={async () => {
            await remove({ variables: { id: e.id } });
            await onChanged();
          }}
        />
      )}
    </li>
  );
}

/** The village's festivals and commemorations; their creators, editors and admins change or delete them. */
export function HubEvents({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const { data, refetch } = useHub(slug);
  const festivals = data?.village.festivals ?? [];
  return (
    <HubSection
      title={t("hub.festivals_events")}
      addLabel={t("hub.add_event")}
      testId="hub-events"
      form={(close) => (
        <EventForm
          villageId={villageId}
          onDone={() => {
            close();
            void refetch();
          }}
        />
      )}
    >
      {festivals.length === 0 ? (
        <EmptyState title={t("hub.no_events")} />
      ) : (
        <ul className="hub-list">
          {festivals.map((e) => (
            <EventItem key={e.id} e={e} villageId={villageId} onChanged={refetch} />
          ))}
        </ul>
      )}
    </HubSection>
  );
}

/** People's emigrations, deaths and other family events tied to the village, apart from its festivals. */
export function HubFamilyEvents({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const { data, refetch } = useHub(slug);
  const festivals = new Set((data?.village.festivals ?? []).map((f) => f.id));
  const events = (data?.village.events ?? []).filter((e) => !festivals.has(e.id));
  return (
    <section className="card hub-section" data-testid="hub-family-events" aria-labelledby="hub-family-events">
      <div className="hub-section__head">
        <h2 id="hub-family-events">{t("hub.family_events")}</h2>
      </div>
      {events.length === 0 ? (
        <EmptyState title={t("hub.no_family_events")} />
      ) : (
        <ul className="hub-list">
          {events.map((e) => (
            <EventItem key={e.id} e={e} villageId={villageId} onChanged={refetch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LandmarkItem({ l, villageId, onChanged }: { l: HubLandmarkFragment; villageId: string; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  const [remove] = useDeleteLandmarkMutation();
  const name = localized(lang, l.name, l.nameAr, l.nameFr);
  const description = localized(lang, l.description, l.descriptionAr, l.descriptionFr);
  if (editing) {
    return (
      <li className="hub-item">
        <LandmarkForm
          villageId={villageId}
          landmark={l}
          onCancel={() => setEditing(false)}
          onDone={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      </li>
    );
  }
  return (
    <li className="hub-item hub-item--actions">
      <div className="hub-item__body">
        <strong>
          <bdi>{name}</bdi>
        </strong>
        <span className="hub-item__meta">
          <Badge tone="gold">{t(assetTypeKey(l.type))}</Badge>
        </span>
        {description && <p>{description}</p>}
      </div>
      {l.viewerCan.edit && (
        <ItemActions
          name={name}
          question={t("hub.confirm_delete_landmark", { name })}
          onEdit={() => setEditing(true)}
          onDelete={async () => {
            await remove({ variables: { id: l.id } });
            await onChanged();
          }}
        />
      )}
    </li>
  );
}

export function HubLandmarks({ slug, villageId }: { slug: string; villageId: string }) {
  const { t } = useTranslation();
  const { data, refetch } = useHub(slug);
  const landmarks = data?.village.landmarks ?? [];
  return (
    <HubSection
      title={t("hub.landmarks")}
      addLabel={t("hub.add_landmark")}
      testId="hub-landmarks"
      form={(close) => (
        <LandmarkForm
          villageId={villageId}
          onDone={() => {
            close();
            void refetch();
          }}
        />
      )}
    >
      {landmarks.length === 0 ? (
        <EmptyState title={t("hub.no_landmarks")} />
      ) : (
        <ul className="hub-list">
          {landmarks.map((l) => (
            <LandmarkItem key={l.id} l={l} villageId={villageId} onChanged={refetch} />
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
    <HubSection
      title={t("hub.registry")}
      addLabel={t("hub.add_emigrant")}
      testId="hub-registry"
      form={(close) => (
        <AddRegistryEntryForm
          villageId={villageId}
          onDone={() => {
            close();
            void refetch();
          }}
        />
      )}
    >
      {countries.length === 0 ? (
        <EmptyState title={t("hub.no_registry")} />
      ) : (
        <div className="hub-countries">
          {countries.map((c) => (
            <details key={c.country} className="hub-country">
              <summary>
                <bdi>{countryName(c.country, lang)}</bdi>
                <span className="hub-country__count">
                  {t("hub.emigrant_count", { count: c.count, formatted: formatNumber(c.count, lang) })}
                </span>
              </summary>
              <ul className="hub-list">
                {c.entries.map((e) => (
                  <li key={e.id} className="hub-item">
                    <Link to={`/person/${e.person.id}`}>
                      <bdi>{e.person.displayName}</bdi>
                    </Link>
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
