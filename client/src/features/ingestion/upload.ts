import { session } from "../../app/auth/session";
import { currentLanguage } from "../../i18n";
import { currentRootspaceSlug } from "../../lib/rootspace";

export type ImportKind = "gedcom" | "spreadsheet";

/** Sends a file to /api/imports as a raw body (XMLHttpRequest, for upload progress); resolves the job id. */
export function uploadImportFile(
  kind: ImportKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ id: string } | { error: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/imports?kind=${kind}&name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.setRequestHeader("x-roots-language", currentLanguage());
    // The import lands in the current rootspace.
    xhr.setRequestHeader("x-rootspace", currentRootspaceSlug());
    if (session.accessToken) xhr.setRequestHeader("authorization", `Bearer ${session.accessToken}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { id?: string; message?: string };
        resolve(xhr.status === 201 && body.id ? { id: body.id } : { error: body.message ?? xhr.statusText });
      } catch {
        resolve({ error: xhr.statusText || "error" });
      }
    };
    xhr.onerror = () => resolve({ error: "" });
    xhr.send(file);
  });
}

/** Downloads an authenticated file (the error report) by fetching it with the bearer token. */
export async function downloadWithSession(url: string, fileName: string): Promise<boolean> {
  const res = await fetch(url, {
    headers: {
      "x-roots-language": currentLanguage(),
      "x-rootspace": currentRootspaceSlug(),
      ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
    },
  });
  if (!res.ok) return false;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(href);
  return true;
}
