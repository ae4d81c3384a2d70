/**
 * The activity log as a role that may read it sees it (finance by default):
 * operators act but no longer read the log, so a test that checks what an
 * operator did reads it as a second person. Signs in once, on first use.
 */
import { expect } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as session from "@/app/api/session/route";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { call, financeBody, signIn } from "./bff";

export type ActivityReader = (query?: string) => Promise<ActivityEntry[]>;

/** A reader for one harness (call it per test file or per suite: the sign-in belongs to that harness's ledger). */
export function activityReader(body: Record<string, string> = financeBody): ActivityReader {
  let cookie: string | null = null;
  return async (query = "") => {
    cookie ??= await signIn(session.POST, body);
    const result = await call(activity.GET, `/api/activity${query}`, { cookie });
    expect(result.status, result.text).toBe(200);
    return (result.json.data as { items: ActivityEntry[] }).items;
  };
}
