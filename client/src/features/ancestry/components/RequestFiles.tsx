import { useState } from "react";
import { useTranslation } from "react-i18next";
import { sessionHeaders } from "../../../app/auth/headers";
import type { DocumentRequestFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { formatBytes, formatDate } from "../../../lib/format";
import { sendFile } from "../../../lib/upload";
import { Button } from "../../../ui/Button";
import { showToast } from "../../../ui/toast";
import { useAttachDocumentScanMutation } from "../generated";

/** What the server accepts (it checks the bytes; this only narrows the picker), and its size limit. */
const ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * Sends a file to a request: the member's power of attorney (`authority`) or the officer's scan
 * (`scan`). Too large a file is refused before it is sent; the server's refusal (a file that is
 * not a PDF, JPEG or PNG by its content) is shown in the reader's language.
 */
export function FileUpload({ requestId, kind, onDone }: { requestId: string; kind: "authority" | "scan"; onDone: () => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError(t("ancestry.errors.file_size", { mb: 20 }));
    setProgress(0);
    const url = `/api/ancestry/requests/${encodeURIComponent(requestId)}/files?kind=${kind}&name=${encodeURIComponent(file.name)}`;
    const res = await sendFile(url, file, sessionHeaders(), setProgress);
    setProgress(null);
    if ("error" in res) return setError(res.error || t("errors.network"));
    showToast({ titleKey: "ancestry.file_uploaded" });
    onDone();
  };
  const id = `ancestry-file-${kind}-${requestId}`;
  return (
    <div className="field ancestry-upload">
      <label className="field__label" htmlFor={id}>
        {t(kind === "scan" ? "ancestry.upload_scan" : "ancestry.upload_authority")}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={progress !== null}
        onChange={(e) => {
          void send(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <span className="field__hint">{t("ancestry.file_hint")}</span>
      <span aria-live="polite">{progress !== null && <progress max={1} value={progress} aria-label={t("ancestry.uploading")} />}</span>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A request's files, each downloaded through its short-lived link (shown only to those who see
 * the request's details); the member adds a delivered scan to the person's sources.
 */
export function RequestFiles({ request, onDone }: { request: DocumentRequestFieldsFragment; onDone?: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [attach, attaching] = useAttachDocumentScanMutation();
  const problem = apiProblem(attaching.error, t("errors.network"));
  if (!request.files.length) return null;
  return (
    <section aria-labelledby={`files-${request.id}`}>
      <h2 id={`files-${request.id}`}>{t("ancestry.files_title")}</h2>
      <ul className="ancestry-files">
        {request.files.map((f) => (
          <li key={f.id}>
            {t(runtimeKey(`ancestry.file_kind_${f.kind}`))}:{" "}
            {f.url ? (
              <a href={f.url} download={f.name}>
                <bdi>{f.name}</bdi>
              </a>
            ) : (
              <bdi>{f.name}</bdi>
            )}{" "}
            <small className="muted">
              ({formatBytes(f.size, lang)}){f.attachedAt && <> · {t("ancestry.attached_on", { day: formatDate(f.attachedAt, lang) })}</>}
            </small>
          </li>
        ))}
      </ul>
      {request.viewerCan.attach && (
        <Button
          variant="primary"
          disabled={attaching.loading}
          onClick={async () => {
            const res = await attach({ variables: { id: request.id } }).catch(() => null);
            if (res?.data) {
              showToast({ titleKey: "ancestry.attached_toast" });
              onDone?.();
            }
          }}
        >
          {t("ancestry.attach_scan")}
        </Button>
      )}
      {problem && <p role="alert">{problem.message}</p>}
    </section>
  );
}
