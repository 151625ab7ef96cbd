import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MediaFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { DateText } from "../../../ui/DateText";
import { Dialog } from "../../../ui/Dialog";
import { Picture } from "../../../ui/Picture";
import { useDeleteMediaMutation, useReviewMediaMutation, useUpdateMediaMutation } from "../generated";
import { detailsOf, MediaDetailsFields } from "./MediaDetailsFields";

/** The caption in the reader's language when one was given, else in another, marked with its own language. */
export function captionFor(m: Pick<MediaFieldsFragment, "caption" | "captionAr" | "captionEn" | "captionFr">, reader: string) {
  const all = { ar: m.captionAr, en: m.captionEn, fr: m.captionFr } as Record<string, string | null>;
  for (const lang of [reader, "ar", "en", "fr"]) if (all[lang]) return { text: all[lang]!, lang };
  return m.caption ? { text: m.caption, lang: undefined } : null;
}

/** The words under a picture: its caption, date (as a recorded date reads), credit and licence, each bidi-isolated. */
function Credits({ m }: { m: MediaFieldsFragment }) {
  const { t } = useTranslation();
  const caption = captionFor(m, currentLanguage());
  const parts = [
    m.date && <DateText text={m.date} />,
    m.credit && <bdi>{t("media.credit_by", { credit: m.credit })}</bdi>,
    m.licence && <bdi>{m.licence}</bdi>,
  ].filter(Boolean);
  return (
    <>
      {caption && (
        <span className="media-tile__caption" data-testid="media-caption">
          <bdi lang={caption.lang}>{caption.text}</bdi>
        </span>
      )}
      {parts.length > 0 && (
        <span className="media-tile__credit">
          {parts.map((p, i) => (
            <span key={i}>
              {i > 0 && " · "}
              {p}
            </span>
          ))}
        </span>
      )}
    </>
  );
}

/**
 * One picture in a gallery: opens large on click, with its details; the viewer's actions (edit
 * the details, delete, and for a village's reviewers approve or reject) follow what the server
 * says they may do.
 */
export function MediaTile({ m, onChanged }: { m: MediaFieldsFragment; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"view" | "edit" | null>(null);
  const [details, setDetails] = useState(() => detailsOf(m));
  const [update, updating] = useUpdateMediaMutation();
  const [remove] = useDeleteMediaMutation();
  const [review, reviewing] = useReviewMediaMutation();
  const alt = captionFor(m, currentLanguage())?.text ?? t(m.kind === "DOCUMENT" ? "media.document" : "media.photo");
  const problem = apiProblem(updating.error ?? reviewing.error, t("errors.network"));

  return (
    <li className="media-tile" data-testid="media-tile">
      {m.image ? (
        <button type="button" className="media-tile__open" onClick={() => setOpen("view")} aria-label={t("media.open", { name: alt })}>
          <Picture image={m.image} alt={alt} sizes="(max-width: 600px) 50vw, 240px" />
        </button>
      ) : (
        <div className="media-tile__pending">{m.status === "FAILED" ? t("media.processing_failed") : t("media.processing")}</div>
      )}
      <Credits m={m} />
      {m.review === "PENDING" && <Badge tone="gold">{t("media.waiting_review")}</Badge>}
      {m.review === "REJECTED" && <Badge tone="red">{t("media.rejected")}</Badge>}
      <div className="media-tile__actions">
        {m.viewerCan.review && m.review === "PENDING" && (
          <>
            <Button
              size="sm"
              variant="primary"
              onClick={() => review({ variables: { id: m.id, approve: true } }).then(onChanged, () => {})}
            >
              {t("media.approve")}
            </Button>
            <Button size="sm" onClick={() => review({ variables: { id: m.id, approve: false } }).then(onChanged, () => {})}>
              {t("media.reject")}
            </Button>
          </>
        )}
        {m.viewerCan.edit && (
          <Button size="sm" variant="ghost" onClick={() => setOpen("edit")}>
            {t("media.edit_details")}
          </Button>
        )}
        {m.viewerCan.delete && (
          <ConfirmAction
            label={t("common.delete")}
            question={t("media.delete_question")}
            confirmLabel={t("common.delete")}
            onConfirm={() => remove({ variables: { id: m.id } }).then(onChanged)}
          />
        )}
      </div>
      {problem && !open && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {open === "view" && m.image && (
        <Dialog title={alt} onClose={() => setOpen(null)}>
          <figure className="media-view">
            <Picture image={m.image} alt={alt} sizes="(max-width: 900px) 100vw, 880px" eager />
            <figcaption>
              <Credits m={m} />
            </figcaption>
          </figure>
        </Dialog>
      )}
      {open === "edit" && (
        <Dialog
          title={t("media.edit_details")}
          onClose={() => setOpen(null)}
          footer={
            <>
              <Button variant="primary" type="submit" form={`media-edit-${m.id}`} disabled={updating.loading}>
                {t("common.save")}
              </Button>
              <Button onClick={() => setOpen(null)}>{t("common.cancel")}</Button>
            </>
          }
        >
          <form
            id={`media-edit-${m.id}`}
            onSubmit={(e) => {
              e.preventDefault();
              update({ variables: { id: m.id, input: details } }).then(
                () => {
                  setOpen(null);
                  onChanged();
                },
                () => {},
              );
            }}
          >
            <MediaDetailsFields value={details} onChange={setDetails} errors={problem?.fields ?? {}} />
            {problem && (
              <p className="form-error" role="alert">
                {problem.message}
              </p>
            )}
          </form>
        </Dialog>
      )}
    </li>
  );
}
