import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { MarkdownToolbar, shortcutOf } from "./MarkdownToolbar";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("the editor's toolbar", () => {
  it("names its seven buttons in the reader's language, with one tab stop, and moves forward with the arrow of the reading direction", async () => {
    await changeLanguage("ar");
    const act = vi.fn();
    render(
      <div dir="rtl">
        <MarkdownToolbar controls="text" onAction={act} />
      </div>,
    );
    const toolbar = screen.getByRole("toolbar", { name: "التنسيق" });
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["عنوان فرعي", "عريض", "مائل", "قائمة", "رابط", "استشهد بسجل", "أدرج صورة"]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0].focus();
    // In Arabic the next button is on the left.
    fireEvent.keyDown(toolbar, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(toolbar, { key: "End" });
    expect(document.activeElement).toBe(buttons[6]);
    fireEvent.click(screen.getByRole("button", { name: "استشهد بسجل" }));
    expect(act).toHaveBeenCalledWith("cite");
  });

  it("knows its keyboard shortcuts", () => {
    expect([shortcutOf("b"), shortcutOf("I"), shortcutOf("k"), shortcutOf("x")]).toEqual(["bold", "italic", "link", null]);
  });
});
