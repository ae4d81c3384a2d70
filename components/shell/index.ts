export { AppShell, MAIN_CONTENT_ID, SandboxBadge } from "./app-shell";
export { NAV_ITEMS, navItemsFor, homePathFor, isPathAllowed, isActive, type NavItem } from "./nav-items";
export { SignInRedirect } from "./sign-in-redirect";
