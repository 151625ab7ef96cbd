import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { usePersonMediaQuery } from "../generated";
import type { UploadKind } from "../upload";
import { MediaTile } from "./MediaTile";
import { MediaUploadDialog } from "./MediaUploadDialog";

/** A person's photos and document scans (scans only for whoever sees the whole record), with uploads for who may change the person. */
export function PersonGallery({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const { data, refetch } = usePersonMediaQuery({ variables: { id: personId } });
  const [adding, setAdding] = useState<UploadKind | null>(null);
  const person = data?.person;
  if (!person || person.isPrivate) return null;
  const canAdd = person.viewerCan.edit;
  if (!person.media.length && !canAdd) return null;
  const groups = [
    { kind: "PHOTO", upload: "photo", title: t("media.photos"), add: t("media.add_photo") },
    { kind: "DOCUMENT", upload: "document", title: t("media.documents"), add: t("media.add_document") },
  ] as const;
  return (
    <section className="card media-gallery" aria-labelledby="person-media-h" data-testid="person-media">
      <h2 id="person-media-h">{t("media.photos_and_documents")}</h2>
      {groups.map((g) => {
        const items = person.media.filter((m) => m.kind === g.kind);
        if (!items.length && !canAdd) return null;
        return (
          <div key={g.kind} className="media-gallery__group">
            <div className="media-gallery__head">
              <h3>{g.title}</h3>
              {canAdd && (
                <Button size="sm" onClick={() => setAdding(g.upload)}>
                  {g.add}
                </Button>
              )}
            </div>
            {items.length ? (
              <ul className="media-grid">
                {items.map((m) => (
                  <MediaTile key={m.id} m={m} onChanged={() => void refetch()} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t(g.kind === "PHOTO" ? "media.no_photos" : "media.no_documents")}</p>
            )}
          </div>
        );
      })}
      {adding && (
        <MediaUploadDialog
          target={personId}
          kind={adding}
          title={t(adding === "photo" ? "media.add_photo" : "media.add_document")}
          onClose={() => setAdding(null)}
          onDone={() => {
            setAdding(null);
            void refetch();
          }}
        />
      )}
    </section>
  );
}
