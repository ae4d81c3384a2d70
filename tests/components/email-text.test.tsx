import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailText } from "@/components/ui/email-text";

describe("EmailText", () => {
  it("reads as the address and may break only before its @ and its dots", () => {
    const { container } = render(<EmailText value="olivia.santos@acme.example" />);
    const email = container.querySelector("[data-email]");
    expect(email).toHaveTextContent("olivia.santos@acme.example");
    expect(email?.innerHTML).toBe("olivia<wbr>.santos<wbr>@acme<wbr>.example");
  });

  it("leaves an address without dots or @ as one run", () => {
    const { container } = render(<EmailText value="localpart" />);
    expect(container.querySelector("[data-email]")?.innerHTML).toBe("localpart");
  });
});
