"use client";

import { Download } from "lucide-react";
import { QRCodeCanvas, QRCodeSVG } from "qrcode.react";
import { useRef } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";

function triggerDownload(href: string, filename: string): void {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = "noopener";
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

function DownloadButton({ format, label, onClick }: { format: string; label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} aria-label={label}>
      <Download aria-hidden="true" />
      {format}
    </Button>
  );
}

export interface LinkQrCodeProps {
  /** The public URL the code opens. */
  url: string;
  /** Used for the downloaded file's name. */
  slug: string;
  size?: number;
  className?: string;
}

/**
 * The link's QR code (always dark on white, so it scans in the dark theme too),
 * with downloads as PNG (1024 px, for print) and SVG (vector).
 */
export function LinkQrCode({ url, slug, size = 176, className }: LinkQrCodeProps) {
  const { t } = useI18n();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileBase = `qr-${slug || "link"}`;

  const downloadPng = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    try {
      triggerDownload(canvas.toDataURL("image/png"), `${fileBase}.png`);
    } catch {
      toast.error(t("paymentLinks.qr.downloadFailed"));
    }
  };

  const downloadSvg = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const clone = svg.cloneNode(true) as SVGSVGElement;
    clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    clone.setAttribute("width", "1024");
    clone.setAttribute("height", "1024");
    const blob = new Blob([new XMLSerializer().serializeToString(clone)], { type: "image/svg+xml" });
    const href = URL.createObjectURL(blob);
    triggerDownload(href, `${fileBase}.svg`);
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };

  return (
    <div className={cn("flex flex-col items-center gap-3 sm:flex-row sm:items-start", className)}>
      <div className="rounded-lg border bg-white p-2 shadow-xs" data-testid="payment-link-qr">
        <QRCodeSVG
          ref={svgRef}
          value={url}
          size={size}
          level="M"
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label={t("paymentLinks.qr.alt", { url })}
        />
      </div>
      {/* A large, off-screen bitmap for the PNG download. */}
      <QRCodeCanvas
        ref={canvasRef}
        value={url}
        size={1024}
        level="M"
        marginSize={4}
        bgColor="#ffffff"
        fgColor="#000000"
        className="hidden"
        aria-hidden="true"
      />
      <div className="flex flex-col gap-2">
        <p className="max-w-56 text-xs text-muted-foreground">{t("paymentLinks.qr.hint")}</p>
        <div className="flex flex-wrap gap-2">
          <DownloadButton format="PNG" label={t("paymentLinks.qr.downloadPngLabel")} onClick={downloadPng} />
          <DownloadButton format="SVG" label={t("paymentLinks.qr.downloadSvgLabel")} onClick={downloadSvg} />
        </div>
      </div>
    </div>
  );
}
