import type { ReactNode } from "react";
import { AuthHeader } from "@/components/login/auth-header";

/** Signed-out pages: a centred column with the brand and language/theme switches. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <AuthHeader />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 pt-4 pb-12 outline-none"
      >
        {children}
      </main>
    </div>
  );
}
