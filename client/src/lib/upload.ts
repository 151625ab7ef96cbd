/**
 * Sends a file as a raw request body with XMLHttpRequest (fetch reports no upload progress) and
 * resolves the JSON answer: `{ id }` when the server created something (201), else `{ error }`
 * with the server's message, already in the reader's language ("" when the network failed).
 */
export function sendFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<{ id: string } | { error: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
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
