import { sessionHeaders } from "../../app/auth/headers";
import { sendFile } from "../../lib/upload";

export type UploadKind = "portrait" | "photo" | "document";

/** The image types the server accepts (it checks the content; this only narrows the file picker). */
export const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/tiff,image/gif";

/** Sends a picture for a person or a village (global id) to /api/media, with progress; resolves the new picture's id. */
export const uploadPicture = (target: string, kind: UploadKind, file: File, onProgress: (fraction: number) => void) =>
  sendFile(`/api/media?target=${encodeURIComponent(target)}&kind=${kind}`, file, sessionHeaders(), onProgress);
