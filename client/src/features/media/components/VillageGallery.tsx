import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { useVillagePhotosQuery } from "../generated";
import { MediaTile } from "./MediaTile";
import { MediaUploadDialog } from "./MediaUploadDialog";

/**
 * A village's photo gallery: history, landmarks, festivals. Members add photos, which wait for
 * the village's curators; the curators see what waits and approve or reject it; a member sees
 * their own photos waiting.
 */
export function VillageGallery({ villageId }: { villageId: string }) {
  const { t } = useTranslation();
  const signedIn = useAuth().status === "signedIn";
  const { data, refetch } = useVillagePhotosQuery({ variables: { id: villageId } });
  const [adding, setAdding] = useState(false);
  const village = data?.node && "photos" in data.node ? data.node : null;
  const photos = village?.photos ?? [];
  const waiting = village?.waitingPhotos ?? [];
  const changed = () => void refetch();
  return (
    <section className="card media-gallery" aria-labelledby="village-photos-h" data-testid="village-photos">
      <div className="media-gallery__head">
        <h2 id="village-photos-h">{t("media.village_photos")}</h2>
        {signedIn ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            {t("media.add_photo")}
          </Button>
        ) : (
          <Link to="/auth">{t("media.sign_in_to_add")}</Link>
        )}
      </div>
      {photos.length ? (
        <ul className="media-grid">
          {photos.map((m) => (
            <MediaTile key={m.id} m={m} onChanged={changed} />
          ))}
        </ul>
      ) : (
        // A member's own photo waiting for review is shown below as such, never under "no photos yet".
        waiting.length === 0 && <EmptyState title={t("media.no_village_photos")}>{t("media.no_village_photos_hint")}</EmptyState>
      )}
      {waiting.length > 0 && (
        <div className="media-gallery__group" data-testid="village-photos-waiting">
          <h3>{t("media.waiting_photos")}</h3>
          <ul className="media-grid">
            {waiting.map((m) => (
              <MediaTile key={m.id} m={m} onChanged={changed} />
            ))}
          </ul>
        </div>
      )}
      {adding && (
        <MediaUploadDialog
          target={villageId}
          kind="photo"
          title={t("media.add_photo")}
          note={t("media.review_note")}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            changed();
          }}
        />
      )}
    </section>
  );
}
