import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { toGlobalId } from "../../common/global-id.js";
import { Node } from "../../common/node.js";
import type { ArticleRow, RevisionRow } from "./revision.service.js";
import { charCount, type DiffPart } from "./words.js";

export enum RevisionStatusEnum {
  PENDING = "pending",
  ACCEPTED = "accepted",
  REJECTED = "rejected",
}
registerEnumType(RevisionStatusEnum, {
  name: "RootpediaRevisionStatus",
  description: "A revision waits for review, became (or was) the stable version, or was rejected.",
});

export enum DiffKindEnum {
  SAME = "same",
  ADDED = "added",
  REMOVED = "removed",
}
registerEnumType(DiffKindEnum, { name: "RootpediaDiffKind" });

@ObjectType("RootpediaArticle", { implements: Node, description: "One language version of an article of a village's encyclopedia." })
export class ArticleView implements Node {
  constructor(readonly row: ArticleRow) {}

  get globalId(): string {
    return toGlobalId("RootpediaArticle", this.row.id);
  }

  @Field(() => String, { description: "ar, en or fr." })
  get language(): string {
    return this.row.language;
  }

  @Field(() => String, { description: "The stable version's title." })
  get title(): string {
    return this.row.title;
  }

  @Field(() => String)
  get slug(): string {
    return this.row.slug;
  }

  @Field(() => Boolean, { description: "The outline the encyclopedia started with, made from the village's data." })
  get isOutline(): boolean {
    return this.row.kind === "outline";
  }

  @Field(() => Date)
  get updatedAt(): Date {
    return this.row.updated_at;
  }
}

@ObjectType("RootpediaRevision", { implements: Node, description: "An immutable saved state of an article." })
export class RevisionView implements Node {
  constructor(
    readonly row: RevisionRow,
    /** The viewer may read its text (accepted, or their own, or they review the village). */
    readonly readable: boolean,
  ) {}

  get globalId(): string {
    return toGlobalId("RootpediaRevision", this.row.id);
  }

  @Field(() => ID, { nullable: true })
  get parentId(): string | null {
    return this.row.parent_id ? toGlobalId("RootpediaRevision", this.row.parent_id) : null;
  }

  @Field(() => String, { nullable: true, description: "The author's display name (none for the outline Roots wrote)." })
  get author(): string | null {
    return this.row.author_name;
  }

  @Field(() => String)
  get summary(): string {
    return this.readable ? this.row.summary : "";
  }

  @Field(() => RevisionStatusEnum)
  get status(): RevisionStatusEnum {
    return this.row.status as RevisionStatusEnum;
  }

  @Field(() => Boolean, { description: "Hidden by a curator (vandalism): its text is shown only to reviewers." })
  get hidden(): boolean {
    return this.row.hidden;
  }

  @Field(() => String, {
    nullable: true,
    description: "SHA-256 of its title and text; null when the viewer may not read its text (a hash would let them test guesses).",
  })
  get contentHash(): string | null {
    return this.readable ? this.row.content_hash : null;
  }

  @Field(() => Date)
  get createdAt(): Date {
    return this.row.created_at;
  }

  @Field(() => Int, { nullable: true, description: "Characters of its text; null when the viewer may not read it." })
  get size(): number | null {
    return this.readable ? (this.row.size ?? charCount(this.row.content)) : null;
  }

  @Field(() => String, { nullable: true, description: "Null when the viewer may not read this revision." })
  get title(): string | null {
    return this.readable ? this.row.title : null;
  }

  @Field(() => String, { nullable: true, description: "The Markdown; null when the viewer may not read this revision." })
  get content(): string | null {
    return this.readable ? this.row.content : null;
  }
}

@ObjectType("RootpediaDiffPart", { simpleResolvers: true, description: "A run of text in a comparison of two revisions." })
export class DiffPartView {
  @Field(() => DiffKindEnum)
  kind: DiffKindEnum;

  @Field(() => String)
  text: string;

  @Field(() => Boolean, { description: "A paragraph removed here and added elsewhere (moved)." })
  moved: boolean;

  @Field(() => Boolean, {
    description:
      "Compared as whole paragraphs (or whole texts), not word by word: the texts differ too much to compare their words in reasonable time. Show a note.",
  })
  coarse: boolean;
}

export const diffPartViews = (parts: DiffPart[]): DiffPartView[] =>
  parts.map((p) => Object.assign(new DiffPartView(), { kind: p.kind, text: p.text, moved: Boolean(p.moved), coarse: Boolean(p.coarse) }));

@ObjectType("RootpediaEditConflict", {
  simpleResolvers: true,
  description:
    "An edit made on a revision that is no longer the newest: the base it was made on and the newest revision, to resolve against.",
})
export class EditConflictView {
  @Field(() => RevisionView, { description: "The revision the edit was made on." })
  base: RevisionView;

  @Field(() => RevisionView, {
    description:
      "The newest revision: save the resolved text with it as `baseRevisionId`. Its text is null when the viewer may not read it.",
  })
  latest: RevisionView;
}

@ObjectType("RootpediaOutOfDate", {
  simpleResolvers: true,
  description: "A language version that changed since this one last followed it.",
})
export class OutOfDateView {
  @Field(() => String)
  language: string;

  @Field(() => ID)
  articleId: string;

  @Field(() => [String], { description: "Its paragraphs new or changed since: what a translator brings over." })
  changed: string[];
}

@ObjectType("RootpediaHeading", { simpleResolvers: true, description: "A heading of an article: a line of its table of contents." })
export class HeadingView {
  @Field(() => Int, { description: "1 to 6." })
  level: number;

  @Field(() => String)
  text: string;

  @Field(() => String, { description: "The heading's id in the article's HTML (link to `#anchor`)." })
  anchor: string;
}

@ObjectType("RootpediaSnippetPart", { simpleResolvers: true })
export class SnippetPartView {
  @Field(() => String)
  text: string;

  @Field(() => Boolean, { description: "A word that matches the search." })
  match: boolean;
}

@ObjectType("RootpediaSearchHit", { simpleResolvers: true })
export class SearchHitView {
  @Field(() => ArticleView)
  article: ArticleView;

  @Field(() => [SnippetPartView])
  snippet: SnippetPartView[];
}

@ObjectType("RootpediaViewerCan", { simpleResolvers: true })
export class RootpediaViewerCan {
  @Field(() => Boolean, { description: "Write (members; a reviewer's or trusted author's edit is accepted at once)." })
  edit: boolean;

  @Field(() => Boolean, { description: "Review, revert and hide (the village's curators, editors, admins)." })
  review: boolean;
}

@InputType("RootpediaEditInput")
export class EditInputView {
  @Field(() => String)
  title: string;

  @Field(() => String, { description: "Markdown; `roots:` links cite people, registries, villages and pictures." })
  content: string;

  @Field(() => String, { defaultValue: "" })
  summary: string;

  @Field(() => ID, { nullable: true, description: "The revision the edit was made on (the latest when the editor opened)." })
  baseRevisionId?: string | null;
}

@InputType("RootpediaNewArticleInput")
export class NewArticleInput extends EditInputView {
  @Field(() => String)
  villageSlug: string;

  @Field(() => String, { description: "ar, en or fr." })
  language: string;

  @Field(() => ID, { nullable: true, description: "The article this is a language version of." })
  translationOfId?: string | null;
}
