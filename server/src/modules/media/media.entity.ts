import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";

/** One size of a processed image, stored under `media/<sha>/<name>` (`w480.webp`, `w480.jpg`). */
export interface MediaVariant {
  name: string;
  format: "webp" | "jpeg";
  width: number;
  height: number;
  bytes: number;
}

export type MediaFileStatus = "processing" | "ready" | "failed";

/**
 * A file's bytes, stored once however many records use it (content-addressed by the SHA-256 of
 * what was uploaded). The sizes browsers get are made by the `media.process` job, without
 * metadata (EXIF, GPS); the uploaded original is removed once they exist, unless it came from
 * a GEDZIP (`keepOriginal`), whose media an export returns byte for byte. A file no record uses
 * is removed by `media.collect`.
 */
@Entity("media_files")
export class MediaFile {
  @PrimaryColumn("text")
  sha256: string;

  @Column("text")
  mime: string;

  /** Bytes as uploaded. */
  @Column("bigint", { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  size: number;

  /** Upright (EXIF orientation applied). */
  @Column("int")
  width: number;

  @Column("int")
  height: number;

  @Column("text", { default: "processing" })
  status: MediaFileStatus;

  @Column("jsonb", { default: () => "'[]'" })
  variants: MediaVariant[];

  /** The uploaded bytes stay stored (`media/<sha>/original`): GEDZIP media, exported as they came. */
  @Column("boolean", { name: "keep_original", default: false })
  keepOriginal: boolean;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

export type MediaKind = "portrait" | "photo" | "document";
export type MediaReview = "pending" | "approved" | "rejected";

/**
 * A picture as a record uses it: a person's portrait or document scan, or a village photo, with
 * its captions, date and credit. Person media follow the person's access rule and go with the
 * person; a member's village photo waits for a curator (`review`).
 */
@Entity("media")
@Check("CHK_media_target", `(person_id IS NULL) <> (village_id IS NULL)`)
@Check("CHK_media_kind", `kind IN ('portrait', 'photo', 'document') AND (village_id IS NULL OR kind = 'photo')`)
@Index("IDX_media_person", ["personId", "kind", "createdAt"])
@Index("IDX_media_village", ["villageId", "review", "createdAt"])
@Index("IDX_media_uploader", ["uploadedBy"])
@Index("IDX_media_file", ["fileSha256"])
@Index("UQ_media_portrait", ["personId"], { unique: true, where: `kind = 'portrait'` })
export class MediaItem {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text")
  kind: MediaKind;

  @Column("uuid", { name: "person_id", nullable: true })
  personId: string | null;

  // By name: the genealogy area owns people and villages; deleting one deletes its media rows.
  @ManyToOne("Person", { onDelete: "CASCADE" })
  @JoinColumn({ name: "person_id" })
  person?: unknown;

  @Column("uuid", { name: "village_id", nullable: true })
  villageId: string | null;

  @ManyToOne("Village", { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: unknown;

  @Column("text", { name: "file_sha256" })
  fileSha256: string;

  @ManyToOne(() => MediaFile, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "file_sha256" })
  file?: MediaFile;

  @Column("uuid", { name: "uploaded_by", nullable: true })
  uploadedBy: string | null;

  @ManyToOne("User", { onDelete: "SET NULL" })
  @JoinColumn({ name: "uploaded_by" })
  uploader?: unknown;

  /** Counted against the uploader's quota. */
  @Column("bigint", { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  bytes: number;

  @Column("text", { default: "approved" })
  review: MediaReview;

  @Column("jsonb", { default: () => "'{}'" })
  caption: Partial<Record<"ar" | "en" | "fr", string>>;

  /** As written (a genealogical date: `1923`, `ABT 1950`). */
  @Column("text", { name: "taken_on", nullable: true })
  takenOn: string | null;

  @Column("text", { nullable: true })
  credit: string | null;

  @Column("text", { nullable: true })
  licence: string | null;

  /** Where it came from: an upload, or a GEDZIP's file (its path, written back on export). */
  @Column("text", { name: "gedcom_path", nullable: true })
  gedcomPath: string | null;

  @Column("uuid", { name: "reviewed_by", nullable: true })
  reviewedBy: string | null;

  @Column("timestamptz", { name: "reviewed_at", nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

/** Keys the servers share and make themselves on first use (the picture links' signing key). */
@Entity("app_secrets")
export class AppSecret {
  @PrimaryColumn("text")
  name: string;

  @Column("text")
  value: string;
}
