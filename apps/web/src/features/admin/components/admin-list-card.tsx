import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadError } from "./load-error";

/**
 * A console list (users, workspaces): the title with the count, then loading, the error, the
 * empty state, or the list itself.
 */
export function AdminListCard<T>({
  title,
  description,
  what,
  query,
  empty,
  children,
  footer,
}: {
  title: string;
  description: string;
  /** What the list holds, for the error line ("Could not load users"). */
  what: string;
  query: UseQueryResult<T[]>;
  empty: { icon: LucideIcon; title: string };
  children: (items: T[]) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {title}
          {query.data ? <Badge variant="secondary">{query.data.length}</Badge> : null}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <LoadError what={what} error={query.error} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={empty.icon} title={empty.title} />
        ) : (
          children(query.data)
        )}
      </CardContent>
      {footer}
    </Card>
  );
}
