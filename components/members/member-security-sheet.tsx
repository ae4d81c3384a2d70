"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { SecurityEventsTable } from "@/components/account/security-events-table";
import { ExportButtons } from "@/components/ui/export-buttons";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { downloadExportFrom } from "@/lib/browser/export";
import { useI18n } from "@/lib/browser/i18n";
import { memberSecurityEventsExport, memberSecurityEventsQuery } from "@/lib/browser/query/members";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";

export interface MemberSecuritySheetProps {
  /** The member whose history is shown; null when closed. */
  member: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * A member's security history as an owner or admin sees it (GET /api/members/{id}/security-events), with the
 * same CSV / Excel buttons as the person's own history: the BFF writes the file in the reader's language and zone.
 */
export function MemberSecuritySheet({ member, onClose }: MemberSecuritySheetProps) {
  const { t, timeZone, timeZoneName } = useI18n();
  return (
    <Sheet open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="sm:max-w-2xl" data-testid="member-security-sheet">
        {member ? (
          <>
            <SheetHeader>
              <SheetTitle>{t("members.securityHistoryOf", { name: member.name })}</SheetTitle>
              <SheetDescription>
                {t("members.securityHistoryDescription", {
                  name: member.name,
                  zone: zoneLabelWithShortName(timeZone, t, timeZoneName()),
                })}
              </SheetDescription>
              <ExportButtons
                className="mt-2"
                onExport={(format) => downloadExportFrom(memberSecurityEventsExport(member.id), format)}
              />
            </SheetHeader>
            <SheetBody>
              <MemberEvents id={member.id} />
            </SheetBody>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function MemberEvents({ id }: { id: string }) {
  const query = useInfiniteQuery(memberSecurityEventsQuery(id));
  return <SecurityEventsTable query={query} />;
}
