import { Skeleton } from "@/components/ui/skeleton";

/**
 * What a signed-in page shows while its server part reads the first data
 * (each section's loading.tsx, app/(dashboard)/_loading): a title and a few rows, announced once.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-6" data-testid="page-loading">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-56" />
      <div className="space-y-3">
        {Array.from({ length: 6 }, (_, row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
