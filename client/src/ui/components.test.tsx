import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../i18n/index";
import { parseTranslations } from "../i18n/csv";
import csvText from "../i18n/translations.csv?raw";
import { Avatar } from "./Avatar";
import { Dialog } from "./Dialog";
import { initials } from "./initials";
import { Tabs } from "./Tabs";
import { useDocumentTitle } from "./useDocumentTitle";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  await changeLanguage("en");
});

function ThreeTabs({ dir }: { dir: "ltr" | "rtl" }) {
  const [tab, setTab] = useState<"a" | "b" | "c">("a");
  return (
    <div dir={dir}>
      <Tabs
        label="Views"
        tabs={[
          { id: "a", label: "Alpha" },
          { id: "b", label: "Beta" },
          { id: "c", label: "Gamma" },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        <p>Panel {tab}</p>
      </Tabs>
    </div>
  );
}

describe("Tabs", () => {
  it("one tab stop, arrows move and choose, Home and End jump, the panel follows", () => {
    render(<ThreeTabs dir="ltr" />);
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    expect(alpha.getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    alpha.focus();
    fireEvent.keyDown(alpha, { key: "ArrowRight" });
    const beta = screen.getByRole("tab", { name: "Beta" });
    expect(document.activeElement).toBe(beta);
    expect(beta.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Beta" }).textContent).toBe("Panel b");
    fireEvent.keyDown(beta, { key: "End" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Gamma" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(alpha);
    fireEvent.keyDown(alpha, { key: "ArrowLeft" });
    expect(screen.getByRole("tab", { name: "Gamma" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(alpha.getAttribute("aria-selected")).toBe("true");
  });

  it("in right-to-left text the left arrow goes to the next tab", () => {
    render(<ThreeTabs dir="rtl" />);
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    alpha.focus();
    fireEvent.keyDown(alpha, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Beta" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(alpha);
  });
});

function DialogHost() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Add a father" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
          <label>
            Name <input />
          </label>
        </Dialog>
      )}
    </>
  );
}

describe("Dialog", () => {
  it("takes focus to its first field, keeps Tab inside, closes on Esc and gives focus back", () => {
    render(<DialogHost />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Add a father" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    fireEvent.keyDown(save, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(save);
    fireEvent.keyDown(save, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("the close button is named in the reader's language", async () => {
    await changeLanguage("ar");
    const onClose = vi.fn();
    render(
      <Dialog title="أضف أباً" onClose={onClose}>
        <p>…</p>
      </Dialog>,
    );
    fireEvent.click(screen.getByRole("button", { name: "إغلاق" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("Avatar initials", () => {
  it.each([
    ["Marie-Claire Haddad", "MH"],
    ["Khalil el-Khoury", "KK"],
    ["Youssef Boutros Haddad", "YH"],
    ["Jean de la Fontaine", "JF"],
    ["Rima", "R"],
    ["  ", "?"],
  ])("Latin: %s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it.each([
    ["جرجس الخوري", "ج\u200Cخ"],
    ["عبد الله بن سعيد", "ع\u200Cس"],
    ["مريم حداد", "م\u200Cح"],
    ["أحمد", "أ"],
    ["الياس صعب", "ا\u200Cص"],
  ])("Arabic: %s → %s (letters kept apart)", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("shows the initials, hidden beside a name, the name itself when alone", () => {
    const { container } = render(
      <>
        <Avatar name="جرجس الخوري" />
        <Avatar name="Rima Haddad" labelled />
      </>,
    );
    expect(container.querySelector(".avatar")?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("img", { name: "Rima Haddad" }).textContent).toBe("RH");
  });
});

function Titled({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

describe("useDocumentTitle", () => {
  it("names the page then the site, in the reader's language, and waits while the page has no title", async () => {
    await changeLanguage("ar");
    const { rerender } = render(<Titled title="زحلة" />);
    expect(document.title).toBe("زحلة — جذور");
    await changeLanguage("en");
    rerender(<Titled title="Zahle" />);
    expect(document.title).toBe("Zahle — Roots");
    rerender(<Titled title={null} />);
    expect(document.title).toBe("Zahle — Roots");
  });
});
