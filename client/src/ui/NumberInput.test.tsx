import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NumberInput } from "./NumberInput";

describe("a number field", () => {
  it("is a text field with the numeric keyboard, so a browser keeps any digits typed", () => {
    render(<NumberInput label="Year" value="١٩٤٨" onChange={() => undefined} />);
    const input = screen.getByLabelText("Year") as HTMLInputElement;
    expect(input.type).toBe("text");
    expect(input.inputMode).toBe("numeric");
    expect(input.dir).toBe("ltr");
    expect(input.value).toBe("١٩٤٨");
  });
});
