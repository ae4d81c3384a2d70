"use client";

import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** The foot of a flow step: "back" on the left (under on phones), the step's own action on the right. */
export function StepActions({
  backLabel,
  onBack,
  backDisabled = false,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  backDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      <Button type="button" variant="outline" onClick={onBack} disabled={backDisabled}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Button>
      {children}
    </div>
  );
}
