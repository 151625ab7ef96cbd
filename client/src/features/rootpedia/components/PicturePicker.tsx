import { useTranslation } from "react-i18next";
import { useRootpediaPicturesQuery } from "../generated";

/** The village's approved photos (media library), each inserted into the text as `![caption](roots:media/<id>)`. */
export function PicturePicker({ slug, onInsert }: { slug: string; onInsert: (markdown: string) => void }) {
  const { t } = useTranslation();
  const photos = useRootpediaPicturesQuery({ variables: { slug } }).data?.village?.photos ?? [];
  if (!photos.length) return null;
  return (
    <details className="rootpedia-pictures">
      <summary>{t("rootpedia.insert_picture")}</summary>
      <ul className="rootpedia-pictures__list">
        {photos.map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => onInsert(`![${(p.caption ?? "").replace(/[[\]]/g, "")}](roots:media/${p.id})`)}>
              {p.image && <img src={p.image.thumb} alt="" width={80} height={60} />}
              <span>{p.caption ?? t("rootpedia.picture")}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
