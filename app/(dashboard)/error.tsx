"use client";

// Keeps the dashboard shell (navigation, header) around a page that failed.
export { RouteError as default } from "@/components/shell/route-error";
