import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { Lifecycle } from "./Lifecycle";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

/** Text as read, without the bidi isolates and marks the translations put around values. */
const left = () => (screen.getByTestId("ballot-time-left").textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "").trim();

const DAY = 86_400;
// Voting opens on 3 December and closes a week later; the server says the close is 9 days away.
const times = { opensAt: "2026-12-03T12:00:00Z", closesAt: "2026-12-10T12:00:00Z", secondsLeft: 9 * DAY + 3600 };

describe("Lifecycle", () => {
  it("in the cooling-off counts down to the opening, not to the close", async () => {
    await changeLanguage("en");
    render(<Lifecycle status="COOLING_OFF" {...times} />);
    expect(left()).toBe("Voting opens in 2 days 1 hour");
  });

  it("while open counts down to the close, in the reader's language", async () => {
    await changeLanguage("en");
    const { unmount } = render(<Lifecycle status="OPEN" {...times} />);
    expect(left()).toBe("9 days 1 hour left");
    unmount();
    await changeLanguage("ar");
    render(<Lifecycle status="COOLING_OFF" {...times} />);
    expect(left()).toMatch(/^يُفتح التصويت بعد /);
  });
});
