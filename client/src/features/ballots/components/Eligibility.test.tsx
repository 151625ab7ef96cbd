import { render, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { EligibilityNotice } from "./Eligibility";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  await changeLanguage("en");
});

const eligibility = (over = {}) => ({
  eligible: false,
  reasons: [] as string[],
  messages: [] as string[],
  through: [] as string[],
  eligibleFrom: null as string | null,
  ...over,
});

describe("EligibilityNotice", () => {
  it("says how an eligible member qualifies", () => {
    render(<EligibilityNotice eligibility={eligibility({ eligible: true, through: ["verified_root", "passport"] })} onRoll={true} />);
    const box = screen.getByTestId("ballot-eligibility");
    expect(box.textContent).toContain("You may vote");
    expect(box.textContent).toContain("through a verified record");
    expect(box.textContent).toContain("you hold a Roots Passport");
  });

  it("lists each reason with its way out as the server wrote it, the date a new account qualifies, and the passport", () => {
    render(
      <EligibilityNotice
        eligibility={eligibility({
          reasons: ["no_verified_root", "account_too_new"],
          messages: ["Not among your roots: ask a curator for a Roots Passport.", "Your account is too new."],
          eligibleFrom: "2026-12-01T10:00:00Z",
        })}
        onRoll={null}
      />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-reason"))).toEqual(["no_verified_root", "account_too_new"]);
    expect(items[0].textContent).toBe("Not among your roots: ask a curator for a Roots Passport.");
    expect(items[1].textContent).toContain("Your account will be old enough on");
    expect(screen.getByRole("heading", { name: "You cannot vote in this ballot" })).toBeTruthy();
    expect(screen.getByTestId("ballot-eligibility").textContent).toContain("A curator of the village can issue you a Roots Passport");
  });

  it("tells an eligible member who was not on the roll when voting opened that the roll is frozen", () => {
    render(<EligibilityNotice eligibility={eligibility({ eligible: true, through: ["passport"] })} onRoll={false} />);
    expect(screen.getByRole("listitem").textContent).toContain("not on the list of voters when voting opened");
  });

  it("speaks Arabic", async () => {
    await changeLanguage("ar");
    render(<EligibilityNotice eligibility={eligibility({ eligible: true, through: ["passport"] })} onRoll={true} />);
    expect(screen.getByTestId("ballot-eligibility").textContent).toContain("تحمل جواز جذور");
  });
});
