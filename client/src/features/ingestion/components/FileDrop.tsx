import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";

/** A drop zone that is also a file button (keyboard and screen readers use the button). */
export function FileDrop({
  accept,
  hint,
  disabled,
  onFile,
}: {
  accept: string;
  hint: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      className={`file-drop${over ? " file-drop--over" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p>{t("ingestion.drop_here")}</p>
      <Button type="button" variant="primary" disabled={disabled} onClick={() => input.current?.click()}>
        {t("ingestion.choose_file")}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = "";
        }}
      />
      <small className="muted">{hint}</small>
    </div>
  );
}
