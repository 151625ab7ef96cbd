import { v7 } from "uuid";

/** Time-ordered UUIDv7 for new rows (index-friendly, sortable by creation). */
export const newId = (): string => v7();
