"use client";

import { ErrorPanel, type ErrorPanelProps } from "./error-panel";

/** The parts of a react-query result the panel needs. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed query's ErrorPanel: its retry refetches the query and spins while it does. */
export function QueryErrorPanel({
  query,
  ...props
}: { query: RetryableQuery } & Omit<ErrorPanelProps, "error" | "onRetry" | "retrying">) {
  return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} {...props} />;
}
