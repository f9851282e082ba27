import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { createQueryClient } from "@/lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        {/*
         * Top centre, over the page's title: at the bottom right they covered the row actions
         * of tables and lists, and on a phone the actions of the cards (issue 22). The page
         * header's own actions sit at its ends, clear of a centred toast.
         */}
        <Toaster position="top-center" richColors closeButton />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
