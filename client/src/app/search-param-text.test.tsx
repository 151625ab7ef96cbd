import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useSearchParamText } from "./search-param-text";

function Field() {
  const [text, setText] = useSearchParamText("q");
  const { search } = useLocation();
  return (
    <>
      <input aria-label="village" value={text} onChange={(e) => setText(e.target.value)} />
      <p data-testid="address">{search}</p>
      <Link to="/?q=Zahle&district=Zahle">Zahle</Link>
    </>
  );
}

const show = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/" element={<Field />} />
      </Routes>
    </MemoryRouter>,
  );

describe("a text field kept in the address", () => {
  it("starts from the address, keeps every keystroke typed in one go, and the address follows with the other parameters kept", async () => {
    show("/?q=Ehd&district=Zgharta");
    const field = screen.getByLabelText("village");
    expect(field).toHaveProperty("value", "Ehd");
    // Keystrokes faster than the address updates (React Router writes it in a transition).
    act(() => {
      fireEvent.change(field, { target: { value: "Ehde" } });
      fireEvent.change(field, { target: { value: "Ehden" } });
    });
    expect(field).toHaveProperty("value", "Ehden");
    expect(await screen.findByText("?q=Ehden&district=Zgharta")).toBeTruthy();
    expect(field).toHaveProperty("value", "Ehden");
  });

  it("empties the parameter with the field, and takes a value the address gets by itself (a link, back or forward)", async () => {
    show("/?q=Ehden");
    const field = screen.getByLabelText("village");
    act(() => void fireEvent.change(field, { target: { value: "" } }));
    expect(await screen.findByTestId("address")).toHaveProperty("textContent", "");
    act(() => void fireEvent.click(screen.getByText("Zahle")));
    expect(await screen.findByText("?q=Zahle&district=Zahle")).toBeTruthy();
    expect(field).toHaveProperty("value", "Zahle");
  });
});
