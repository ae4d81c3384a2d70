import { Plus } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "./button";

/** The way to start a new one (a payment link, a payout, a batch): a link styled as the primary button, with a plus. */
export function CreateLink({ href, size, children }: { href: string; size?: "default" | "sm"; children: ReactNode }) {
  return (
    <Button asChild size={size}>
      <Link href={href}>
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
