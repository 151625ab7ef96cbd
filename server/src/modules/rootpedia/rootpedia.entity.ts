import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";

export type ArticleLanguage = "ar" | "en" | "fr";

/**
 * One language version of a village's article. Versions of the same article share a
 * `translationGroup`. `stableRevisionId` is what readers see (the last reviewed revision, as with
 * MediaWiki's FlaggedRevs); `latestRevisionId` the newest one not rejected, which an edit builds on.
 * `searchText` is the stable version's title and text, normalised as names are (any script finds it).
 */
@Entity("rootpedia_articles")
@Index("UQ_rootpedia_article_slug", ["villageId", "language", "slug"], { unique: true })
@Index("UQ_rootpedia_article_group_language", ["translationGroup", "language"], { unique: true })
export class Article {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  // By name: villages belong to the genealogy area.
  @ManyToOne("Village", { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: unknown;

  @Column("text")
  language: ArticleLanguage;

  @Column("uuid", { name: "translation_group" })
  translationGroup: string;

  @Column("text")
  title: string;

  @Column("text")
  slug: string;

  /** `outline` for the one made from the village's data when its encyclopedia starts. */
  @Column("text", { default: "article" })
  kind: "article" | "outline";

  @Column("uuid", { name: "stable_revision_id", nullable: true })
  stableRevisionId: string | null;

  @Column("uuid", { name: "latest_revision_id", nullable: true })
  latestRevisionId: string | null;

  @Column("text", { name: "search_text", default: "" })
  searchText: string;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}

export type RevisionStatus = "pending" | "accepted" | "rejected";

/**
 * An immutable saved state of an article: its text never changes once written (only its review
 * status and whether a curator hid it as vandalism; a hidden revision stays, for the audit
 * trail). `synced` records the other language versions' stable revisions when it was written:
 * a translation is out of date when one of them has moved on since.
 */
@Entity("rootpedia_revisions")
@Index("IDX_rootpedia_revisions_article", ["articleId", "createdAt"])
@Index("IDX_rootpedia_revisions_pending", ["status", "createdAt"], { where: `status = 'pending'` })
export class Revision {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "article_id" })
  articleId: string;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "article_id" })
  article?: Article;

  @Column("uuid", { name: "parent_id", nullable: true })
  parentId: string | null;

  @Column("uuid", { name: "author_id", nullable: true })
  authorId: string | null;

  @ManyToOne("User", { onDelete: "SET NULL" })
  @JoinColumn({ name: "author_id" })
  author?: unknown;

  @Column("text")
  title: string;

  @Column("text")
  content: string;

  @Column("text", { default: "" })
  summary: string;

  @Column("text", { name: "content_hash" })
  contentHash: string;

  @Column("text", { default: "pending" })
  status: RevisionStatus;

  @Column("jsonb", { default: () => "'{}'" })
  synced: Partial<Record<ArticleLanguage, string>>;

  @Column("uuid", { name: "reviewed_by", nullable: true })
  reviewedBy: string | null;

  @Column("timestamptz", { name: "reviewed_at", nullable: true })
  reviewedAt: Date | null;

  @Column("boolean", { default: false })
  hidden: boolean;

  @Column("text", { name: "hidden_reason", nullable: true })
  hiddenReason: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

/** A member watching an article (`articleId`) or a whole village's encyclopedia (`villageId`). */
@Entity("rootpedia_watches")
@Index("UQ_rootpedia_watch_article", ["userId", "articleId"], { unique: true, where: `article_id IS NOT NULL` })
@Index("UQ_rootpedia_watch_village", ["userId", "villageId"], { unique: true, where: `village_id IS NOT NULL` })
export class Watch {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: unknown;

  @Column("uuid", { name: "article_id", nullable: true })
  articleId: string | null;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "article_id" })
  article?: Article;

  @Column("uuid", { name: "village_id", nullable: true })
  villageId: string | null;

  @ManyToOne("Village", { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: unknown;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
