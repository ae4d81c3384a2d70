/** The header's menu button (components/ui/menu.tsx): roles, keyboard, focus and closing. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Menu, MenuItem, MenuRadioItem, MenuSeparator } from "@/components/ui/menu";

function ThemeMenu({ onSignOut = () => undefined }: { onSignOut?: () => void }) {
  const [theme, setTheme] = useState("dark");
  return (
    <>
      <Menu label="Tema" heading="Tema" trigger={(props) => <button {...props}>Tema: {theme}</button>}>
        {["light", "dark", "system"].map((value) => (
          <MenuRadioItem key={value} checked={theme === value} onSelect={() => setTheme(value)}>
            {value}
          </MenuRadioItem>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={onSignOut}>Sair</MenuItem>
      </Menu>
      <button type="button">elsewhere</button>
    </>
  );
}

describe("menu button", () => {
  it("is a button that says whether its menu is open; the menu is named and lists its choices", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole("button", { name: "Tema: dark" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).toBeNull();

    await user.click(button);
    const menu = screen.getByRole("menu", { name: "Tema" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(
      screen.getAllByRole("menuitemradio").map((item) => [item.textContent, item.getAttribute("aria-checked")]),
    ).toEqual([
      ["light", "false"],
      ["dark", "true"],
      ["system", "false"],
    ]);
    // Opening focuses the chosen item.
    expect(screen.getByRole("menuitemradio", { name: "dark" })).toHaveFocus();
  });

  it("arrow keys, Home and End move between items, wrapping around", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    screen.getByRole("button", { name: "Tema: dark" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitemradio", { name: "light" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Sair" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitemradio", { name: "light" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("menuitem", { name: "Sair" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("menuitemradio", { name: "light" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("menuitem", { name: "Sair" })).toHaveFocus();
  });

  it("choosing with Enter runs the choice, closes and gives focus back to the button", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    screen.getByRole("button", { name: "Tema: dark" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menuitemradio", { name: "dark" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Tema: light" })).toHaveFocus();
  });

  it("Escape and Tab close it and give focus back; a click outside closes it", async () => {
    const user = userEvent.setup();
    const signOut = vi.fn();
    render(<ThemeMenu onSignOut={signOut} />);
    const button = screen.getByRole("button", { name: "Tema: dark" });
    await user.click(button);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("menuitem", { name: "Sair" })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("a plain item runs its action on click", async () => {
    const user = userEvent.setup();
    const signOut = vi.fn();
    render(<ThemeMenu onSignOut={signOut} />);
    await user.click(screen.getByRole("button", { name: "Tema: dark" }));
    await user.click(screen.getByRole("menuitem", { name: "Sair" }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
