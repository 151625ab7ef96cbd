import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { useMediaItemQuery, useUpdateMediaMutation } from "../generated";
import { ACCEPT, uploadPicture, type UploadKind } from "../upload";
import { EMPTY_DETAILS, MediaDetailsFields, type MediaDetails } from "./MediaDetailsFields";

type Step = { at: "choose" } | { at: "uploading"; fraction: number } | { at: "processing"; id: string } | { at: "failed"; message: string };

const hasDetails = (d: MediaDetails) => Object.values(d).some((v) => v.trim() !== "");

/**
 * Adds a picture: choose a file (previewed), give its captions and credit, then watch it upload
 * (a progress bar) and be processed on the server (its sizes made in the background), after which
 * `onDone` runs. The server checks the file; its refusal is shown as it says it, in the reader's language.
 */
export function MediaUploadDialog({
  target,
  kind,
  title,
  note,
  onClose,
  onDone,
}: {
  target: string;
  kind: UploadKind;
  title: string;
  note?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [details, setDetails] = useState<MediaDetails>(EMPTY_DETAILS);
  const [step, setStep] = useState<Step>({ at: "choose" });
  const [update, updating] = useUpdateMediaMutation();
  const processing = step.at === "processing" ? step.id : null;
  const polled = useMediaItemQuery({
    variables: { id: processing ?? "" },
    skip: !processing,
    pollInterval: 1000,
    fetchPolicy: "network-only",
  });
  const status = polled.data?.node && "status" in polled.data.node ? polled.data.node.status : null;

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!processing || !status || status === "PROCESSING") return;
    polled.stopPolling();
    if (status === "READY") onDone();
    else setStep({ at: "failed", message: t("media.processing_failed") });
  }, [processing, status, polled, onDone, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setStep({ at: "uploading", fraction: 0 });
    const res = await uploadPicture(target, kind, file, (fraction) => setStep({ at: "uploading", fraction }));
    if ("error" in res) return setStep({ at: "failed", message: res.error || t("errors.network") });
    if (hasDetails(details)) await update({ variables: { id: res.id, input: details } }).catch(() => undefined);
    setStep({ at: "processing", id: res.id });
  };
  const detailsProblem = apiProblem(updating.error, t("errors.network"));
  const busy = step.at === "uploading" || step.at === "processing";

  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" type="submit" form="media-upload" disabled={!file || busy}>
            {t("media.upload")}
          </Button>
          <Button type="button" onClick={onClose}>
            {t("common.cancel")}
          </Button>
        </>
      }
    >
      <form id="media-upload" className="media-upload" onSubmit={submit}>
        {note && <p className="media-upload__note">{note}</p>}
        <label className="field">
          <span className="field__label">{t("media.choose_file")}</span>
          <input
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setStep({ at: "choose" });
            }}
          />
          <span className="field__hint">{t("media.file_hint")}</span>
        </label>
        {preview && <img className="media-upload__preview" src={preview} alt={t("media.preview")} />}
        <MediaDetailsFields value={details} onChange={setDetails} errors={detailsProblem?.fields ?? {}} />
        <div aria-live="polite" className="media-upload__status">
          {step.at === "uploading" && (
            <>
              <progress max={1} value={step.fraction} aria-label={t("media.uploading")} />{" "}
              {t("media.uploading_percent", { percent: Math.round(step.fraction * 100) })}
            </>
          )}
          {step.at === "processing" && (
            <>
              <progress aria-label={t("media.processing")} /> {t("media.processing")}
            </>
          )}
        </div>
        {step.at === "failed" && (
          <p className="form-error" role="alert">
            {step.message}
          </p>
        )}
      </form>
    </Dialog>
  );
}
