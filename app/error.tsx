"use client";

import { RouteError } from "@/components/shell/route-error";

/** Last-resort boundary for a page that failed to render. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main-content" className="min-h-dvh px-4">
      <RouteError error={error} retry={retry} />
    </main>
  );
}
