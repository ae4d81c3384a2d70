import { FileSearch } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { getI18n } from "@/lib/server/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("errors.notFound.title") };
}

export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileSearch className="size-6" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-xl font-semibold tracking-tight">{t("errors.notFound.title")}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{t("errors.notFound.description")}</p>
      <Link href="/" className={buttonVariants({ variant: "outline", className: "mt-2" })}>
        {t("common.goHome")}
      </Link>
    </main>
  );
}
