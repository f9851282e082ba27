import { Check, ChevronsUpDown, Layers } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { selectWorkspace, useSelectedWorkspace } from "@/lib/workspaces";

export function WorkspaceSwitcher({ collapsed }: { collapsed: boolean }) {
  const { workspace, workspaces, isPending } = useSelectedWorkspace();

  if (isPending) return <Skeleton className="h-10 w-full" />;

  const name = workspace?.name ?? "No workspace";
  const icon = (
    <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
      <Layers className="size-4" aria-hidden />
    </span>
  );

  if (!workspace) {
    return (
      <div
        className={cn("flex items-center gap-2 px-1 py-1.5 text-sm", collapsed && "justify-center")}
        title={collapsed ? name : undefined}
      >
        {icon}
        {collapsed ? null : <span className="text-muted-foreground">{name}</span>}
      </div>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className={cn(
            "h-auto w-full justify-start gap-2 px-1 py-1.5 hover:bg-sidebar-accent",
            collapsed && "justify-center",
          )}
          title={collapsed ? name : undefined}
          aria-label={`Workspace: ${name}`}
        >
          {icon}
          {collapsed ? null : (
            <>
              <span className="flex min-w-0 flex-1 flex-col items-start text-left">
                <span className="w-full truncate text-sm font-semibold">{name}</span>
                <span className="text-xs font-normal text-muted-foreground capitalize">
                  {workspace.type}
                </span>
              </span>
              <ChevronsUpDown className="ml-auto text-muted-foreground" aria-hidden />
            </>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
        {workspaces.map((item) => (
          <DropdownMenuItem
            key={item.id}
            onSelect={() => {
              if (item.id !== workspace.id) selectWorkspace(item.id);
            }}
          >
            <span className="flex-1 truncate">{item.name}</span>
            {item.id === workspace.id ? <Check aria-label="Selected" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
