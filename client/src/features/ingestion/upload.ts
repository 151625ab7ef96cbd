import { sessionHeaders } from "../../app/auth/headers";
import { sendFile } from "../../lib/upload";

export type ImportKind = "gedcom" | "spreadsheet";

/** Sends a file to /api/imports (with upload progress); resolves the job id. */
export const uploadImportFile = (
  kind: ImportKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ id: string } | { error: string }> =>
  sendFile(`/api/imports?kind=${kind}&name=${encodeURIComponent(file.name)}`, file, sessionHeaders(), onProgress);

/** Downloads an authenticated file (the error report) by fetching it with the bearer token. */
export async function downloadWithSession(url: string, fileName: string): Promise<boolean> {
  const res = await fetch(url, { headers: sessionHeaders() });
  if (!res.ok) return false;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(href);
  return true;
}
