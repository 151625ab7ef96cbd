import { beforeEach, describe, expect, it } from "vitest";
import { drafts, draftKey, resolveWith, type ArticleDraft } from "./draft";

const draft: ArticleDraft = { title: "زحلة", content: "نص.\n", summary: "", language: "ar", base: "rev-1" };

describe("an article's draft in this browser", () => {
  beforeEach(() => localStorage.clear());

  it("is kept per article and per new article's village and source", () => {
    expect(draftKey("zahle", "art-1", null)).not.toBe(draftKey("zahle", "art-2", null));
    expect(draftKey("zahle", undefined, null)).not.toBe(draftKey("ehden", undefined, null));
    expect(draftKey("zahle", undefined, "art-1")).not.toBe(draftKey("zahle", undefined, null));
    expect(drafts.save(draftKey("zahle", "art-1", null), draft)).toBe(true);
    expect(drafts.load(draftKey("zahle", "art-1", null))).toEqual(draft);
    expect(drafts.load(draftKey("zahle", "art-2", null))).toBeNull();
    drafts.discard(draftKey("zahle", "art-1", null));
    expect(drafts.load(draftKey("zahle", "art-1", null))).toBeNull();
  });

  it("keeps the revision it was written on, and the member's refused text through a conflict", () => {
    const refused: ArticleDraft = { ...draft, conflict: { mine: draft.content, base: "rev-1", resolved: false } };
    drafts.save("rootpedia-draft:a", refused);
    expect(drafts.load("rootpedia-draft:a")).toEqual(refused);
  });
});

describe("resolving a conflict", () => {
  it("moves the draft onto the newest revision only once the member acts, keeping their refused text", () => {
    const refused: ArticleDraft = { ...draft, conflict: { mine: "mine", base: "rev-1", resolved: false } };
    const next = resolveWith(refused, "rev-2", { content: "both" });
    expect(next).toMatchObject({ base: "rev-2", content: "both", conflict: { mine: "mine", base: "rev-1", resolved: true } });
    // Without a conflict, a change is just a change: the base stays.
    expect(resolveWith(draft, "rev-2", { content: "x" })).toMatchObject({ base: "rev-1", content: "x" });
  });
});
