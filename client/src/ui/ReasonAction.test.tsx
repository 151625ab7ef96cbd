import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../i18n/index";
import { parseTranslations } from "../i18n/csv";
import csvText from "../i18n/translations.csv?raw";
import { ReasonAction } from "./ReasonAction";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
  await changeLanguage("ar");
});

const show = (onConfirm: (reason: string) => Promise<unknown>) =>
  render(<ReasonAction label="ألغِ" title="ألغِ الجواز" reasonLabel="لماذا يُلغى هذا الجواز؟" onConfirm={onConfirm} />);

describe("an action that needs a reason", () => {
  it("asks for the reason in the page's language and acts only once one is written, with it trimmed", async () => {
    const onConfirm = vi.fn(async () => undefined);
    show(onConfirm);
    fireEvent.click(screen.getByRole("button", { name: "ألغِ" }));
    const dialog = screen.getByRole("dialog", { name: "ألغِ الجواز" });
    const reason = screen.getByLabelText(/لماذا يُلغى/);
    expect(document.activeElement).toBe(reason);
    const confirm = [...dialog.querySelectorAll("button[type=submit]")][0] as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "   " } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "  انتقل إلى قرية أخرى " } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onConfirm).toHaveBeenCalledWith("انتقل إلى قرية أخرى");
  });

  it("shows the server's refusal, translated, and keeps what was typed; cancelling does nothing", async () => {
    const onConfirm = vi.fn(async () => {
      throw new CombinedGraphQLErrors({ errors: [{ message: "ليس لديك صلاحية لهذا الإجراء.", extensions: { code: "FORBIDDEN" } }] });
    });
    show(onConfirm);
    fireEvent.click(screen.getByRole("button", { name: "ألغِ" }));
    fireEvent.change(screen.getByLabelText(/لماذا يُلغى/), { target: { value: "سبب" } });
    fireEvent.submit(screen.getByLabelText(/لماذا يُلغى/).closest("form")!);
    expect((await screen.findByRole("alert")).textContent).toContain("ليس لديك صلاحية");
    expect((screen.getByLabelText(/لماذا يُلغى/) as HTMLInputElement).value).toBe("سبب");
    fireEvent.click(screen.getByRole("button", { name: "إلغاء" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
