import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Redirect } from "./Redirect";

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

describe("Redirect", () => {
  it("keeps the query and the fragment of an old link", () => {
    render(
      <MemoryRouter initialEntries={["/village-hubs?village=zahle#festivals"]}>
        <Routes>
          <Route path="/village-hubs" element={<Redirect to="/root-hubs" />} />
          <Route path="/root-hubs" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("where").textContent).toBe("/root-hubs?village=zahle#festivals");
  });
});
