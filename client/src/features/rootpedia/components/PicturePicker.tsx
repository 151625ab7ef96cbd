import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Dialog } from "../../../ui/Dialog";
import { Spinner } from "../../../ui/Spinner";
import { useRootpediaPicturesQuery } from "../generated";
import { linkWords } from "./markdownEdits";

/**
 * The village's approved photos (media library), one chosen to be inserted into the text as
 * `![caption](roots:media/<id>)`; when there is none yet, where to add one.
 */
export function PicturePicker({ slug, onInsert, onClose }: { slug: string; onInsert: (markdown: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useRootpediaPicturesQuery({ variables: { slug } });
  const photos = q.data?.village?.photos ?? [];
  return (
    <Dialog title={t("rootpedia.insert_picture")} onClose={onClose}>
      {q.loading && !q.data ? (
        <Spinner label={t("common.loading")} />
      ) : photos.length ? (
        <ul className="rootpedia-pictures__list" data-testid="rootpedia-pictures">
          {photos.map((p) => (
            <li key={p.id}>
              <button type="button" onClick={() => onInsert(`![${linkWords(p.caption ?? "")}](roots:media/${p.id})`)}>
                {p.image && <img src={p.image.thumb} alt="" width={80} height={60} />}
                <span>{p.caption ?? t("rootpedia.picture")}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          {t("rootpedia.pictures_none")} <Link to={`/libanpedia/${slug}`}>{t("rootpedia.village_page")}</Link>
        </p>
      )}
    </Dialog>
  );
}
