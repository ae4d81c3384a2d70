export { AppShell, MAIN_CONTENT_ID } from "./app-shell";
export { SandboxBadge } from "./sandbox-badge";
export { NAV_ITEMS, navItemsFor, homePathFor, isPathAllowed, isActive, type NavItem } from "./nav-items";
export { SignInRedirect } from "./sign-in-redirect";
