export * from "./date";
export * from "./number";
export * from "./text";
