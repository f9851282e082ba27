import { PublicLayout } from "@/components/layout/public-layout";

/** `/docs`. */
export function DocsRoute() {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Documentation</h1>
        <p className="mt-3 text-muted-foreground">
          How to connect Google Analytics 4 to Utmost and read your UTM audit reports.
        </p>
      </article>
    </PublicLayout>
  );
}
