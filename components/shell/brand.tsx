import { cn } from "@/components/ui/cn";

/** Logo mark + product name. */
export function Brand({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight text-foreground", className)}>
      <svg viewBox="0 0 32 32" className="size-6 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path
          d="M16 6.5 25.5 16 16 25.5 6.5 16Z"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
        <path d="M12.2 16 16 12.2 19.8 16 16 19.8Z" className="fill-primary-foreground" />
      </svg>
      <span>{name}</span>
    </span>
  );
}
