import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { CazaShape } from "../../../ui/map";
import { Picture } from "../../../ui/Picture";
import { useHomeOverviewQuery } from "../generated";

/** A few villages whose history is written: the first lines of it and a drawing of their caza. */
export default function HomeFeatured() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const villages = useHomeOverviewQuery().data?.featuredVillages ?? [];
  if (villages.length === 0) return null;
  return (
    <section aria-labelledby="home-featured">
      <h2 id="home-featured">{t("home.featured_heading")}</h2>
      <ul className="home-featured">
        {villages.map((v) => {
          const name = localized(lang, v.name, v.nameAr, v.nameFr);
          const photo = v.photos[0]?.image;
          return (
            <li key={v.id} className="home-featured__item" data-testid="featured-village">
              {photo && (
                <Picture
                  image={photo}
                  alt={v.photos[0].caption ?? name}
                  sizes="(max-width: 600px) 100vw, 320px"
                  className="home-featured__photo"
                />
              )}
              <Suspense fallback={<span className="home-featured__shape" />}>
                <CazaShape caza={v.district} lat={v.latitude} lng={v.longitude} size={88} />
              </Suspense>
              <div>
                <h3>
                  <Link to={`/libanpedia/${v.slug}`}>
                    <bdi>{name}</bdi>
                  </Link>
                </h3>
                {v.district && <p className="muted home-featured__caza">{localized(lang, v.district, v.districtAr, v.districtFr)}</p>}
                <p className="home-featured__history">{localized(lang, v.description, v.descriptionAr, v.descriptionFr)}</p>
                <Link to={`/libanpedia/${v.slug}`}>{t("home.featured_more", { name })}</Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
