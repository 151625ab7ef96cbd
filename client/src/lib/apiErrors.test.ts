import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { apiProblem, problemText } from "./apiErrors";

const refusal = new CombinedGraphQLErrors({
  errors: [
    {
      message: "Check the highlighted fields.",
      extensions: {
        code: "BAD_USER_INPUT",
        fields: [
          { field: "input.reason", message: "Give a reason." },
          { field: "input.email", message: "No member has this email." },
          { field: "other.email", message: "No member has this email." },
        ],
      },
    },
  ],
});

describe("a refusal as a form shows it", () => {
  it("reads the message, the code and each field's messages once", () => {
    expect(apiProblem(refusal, "offline")).toEqual({
      message: "Check the highlighted fields.",
      code: "BAD_USER_INPUT",
      fields: { reason: ["Give a reason."], email: ["No member has this email."] },
    });
    expect(apiProblem(new Error("socket closed"), "You seem to be offline.")).toEqual({
      message: "You seem to be offline.",
      code: null,
      fields: {},
    });
  });

  it("says it in one line: the message, then the fields' messages (all or those asked), none twice", () => {
    const problem = apiProblem(refusal, "offline")!;
    expect(problemText(problem)).toBe("Check the highlighted fields. Give a reason. No member has this email.");
    expect(problemText(problem, ["email"])).toBe("Check the highlighted fields. No member has this email.");
    expect(problemText({ message: "Too short.", code: null, fields: { body: ["Too short."] } }, ["body"])).toBe("Too short.");
  });
});
