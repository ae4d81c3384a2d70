"use client";

import { Printer } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * The receipt page's "Print" button (the browser's print dialog; the print style sheet leaves only the receipt).
 * `autoPrint`: opened from a "Print" link, it opens the dialog once by itself.
 */
export function ReceiptPrintButton({ label, autoPrint = false }: { label: string; autoPrint?: boolean }) {
  const printed = useRef(false);
  useEffect(() => {
    // Once, even when React runs the effect twice (strict mode in development).
    if (!autoPrint || printed.current) return;
    printed.current = true;
    window.print();
  }, [autoPrint]);
  return (
    <Button onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      {label}
    </Button>
  );
}
