import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { BallotCommentFieldsFragment } from "../../../gql/graphql";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";

const react = vi.fn(async () => ({ data: {} }));
const comment = vi.fn(async () => ({ data: {} }));
vi.mock("../generated", () => ({
  useReactToBallotCommentMutation: () => [react, { loading: false, error: undefined }],
  useCommentOnBallotProposalMutation: () => [comment, { loading: false, error: undefined }],
  useHideBallotCommentMutation: () => [vi.fn(), { loading: false, error: undefined }],
}));
const { Discussion, threadsOf } = await import("./Discussion");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  react.mockClear();
  comment.mockClear();
  await changeLanguage("en");
});

const c = (id: string, over: Partial<BallotCommentFieldsFragment> = {}): BallotCommentFieldsFragment => ({
  id,
  replyTo: null,
  authorName: "Rima",
  body: `Comment ${id}`,
  hidden: false,
  hiddenReason: null,
  createdAt: "2026-12-01T10:00:00Z",
  reactions: { agree: 0, disagree: 0, mine: null },
  ...over,
});

describe("Discussion", () => {
  it("puts each reply under the comment it answers", () => {
    const threads = threadsOf([c("a"), c("b"), c("r1", { replyTo: "a" }), c("r2", { replyTo: "b" }), c("r3", { replyTo: "a" })]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ["a", ["r1", "r3"]],
      ["b", ["r2"]],
    ]);
  });

  it("shows agree and disagree with their counts; pressing the chosen one takes it back, the other replaces it", () => {
    render(
      <Discussion
        proposalId="p"
        comments={[c("a", { reactions: { agree: 3, disagree: 1, mine: "AGREE" } })]}
        signedIn
        reviewer={false}
        onChanged={() => {}}
      />,
    );
    const agree = screen.getByTestId("react-agree");
    expect(agree.getAttribute("aria-pressed")).toBe("true");
    expect(agree.textContent).toContain("Agree");
    expect(agree.textContent).toContain("3");
    expect(screen.getByRole("group").getAttribute("aria-label")).toMatch(/Agree: .*3.*, disagree: .*1/);
    fireEvent.click(agree);
    expect(react).toHaveBeenLastCalledWith({ variables: { id: "a", reaction: null } });
    fireEvent.click(screen.getByTestId("react-disagree"));
    expect(react).toHaveBeenLastCalledWith({ variables: { id: "a", reaction: "DISAGREE" } });
  });

  it("opens a reply form under its comment and sends the reply to it", () => {
    render(<Discussion proposalId="p" comments={[c("a")]} signedIn reviewer={false} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    fireEvent.change(screen.getByLabelText("Your reply"), { target: { value: "I agree" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the reply" }));
    expect(comment).toHaveBeenCalledWith({ variables: { id: "p", body: "I agree", replyTo: "a" } });
  });

  it("says a comment was hidden, with no reply nor reaction to it, in the reader's language", async () => {
    await changeLanguage("ar");
    render(
      <Discussion
        proposalId="p"
        comments={[c("a", { hidden: true, body: "", authorName: null }), c("r", { replyTo: "a" })]}
        signedIn
        reviewer={false}
        onChanged={() => {}}
      />,
    );
    const thread = screen.getByTestId("ballot-thread");
    expect(thread.textContent).toContain("أخفى أحد المشرفين هذا التعليق.");
    expect(within(thread).queryByRole("button", { name: "ردّ" })).toBeNull();
    // Its reply stays, with its own reactions.
    expect(within(thread).getAllByTestId("react-agree")).toHaveLength(1);
  });

  it("asks a visitor to sign in, and disables reacting", () => {
    render(<Discussion proposalId="p" comments={[c("a")]} signedIn={false} reviewer={false} onChanged={() => {}} />);
    expect((screen.getByTestId("react-agree") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    expect(screen.getByText("Sign in to take part in the discussion.")).toBeTruthy();
  });
});
