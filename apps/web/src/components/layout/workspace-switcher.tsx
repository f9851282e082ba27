import { Check, ChevronsUpDown, Layers, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { CreateWorkspaceDialog } from "@/components/create-workspace-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { selectWorkspace, useSelectedWorkspace } from "@/lib/workspaces";

/** Spec §2 sidebar and §4 "Selected workspace": pick one (stored, page reload) or create one. */
export function WorkspaceSwitcher({ collapsed }: { collapsed: boolean }) {
  const { workspace, workspaces, isPending } = useSelectedWorkspace();
  const [creating, setCreating] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  if (isPending) return <Skeleton className="h-10 w-full" />;

  const name = workspace?.name ?? "No workspace";
  const icon = (
    <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
      <Layers className="size-4" aria-hidden />
    </span>
  );

  // Opened from a menu item that is gone when it closes: the focus goes back to the menu's button.
  const dialog = (
    <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} returnFocusTo={trigger} />
  );

  if (!workspace) {
    return (
      <>
        <Button
          variant="ghost"
          className={cn(
            "h-auto w-full justify-start gap-2 px-1 py-1.5 hover:bg-sidebar-accent",
            collapsed && "justify-center",
          )}
          title={collapsed ? "Create workspace" : undefined}
          onClick={() => setCreating(true)}
        >
          {icon}
          {collapsed ? (
            <span className="sr-only">Create workspace</span>
          ) : (
            <span className="flex min-w-0 flex-1 flex-col items-start text-left">
              <span className="text-sm font-normal text-muted-foreground">{name}</span>
              <span className="text-xs text-primary">Create workspace</span>
            </span>
          )}
        </Button>
        {dialog}
      </>
    );
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            className={cn(
              "h-auto w-full justify-start gap-2 px-1 py-1.5 hover:bg-sidebar-accent",
              collapsed && "justify-center",
            )}
            title={collapsed ? name : undefined}
            // The visible name and type are part of the label (WCAG 2.5.3 "Label in Name").
            aria-label={`Workspace: ${name}, ${workspace.type}`}
          >
            {icon}
            {collapsed ? null : (
              <>
                <span className="flex min-w-0 flex-1 flex-col items-start text-left">
                  <span className="w-full truncate text-sm font-semibold">{name}</span>{" "}
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
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{item.name}</span>
                <span className="text-xs text-muted-foreground capitalize">
                  {item.type} · {item.role}
                </span>
              </span>
              {item.id === workspace.id ? <Check aria-label="Selected" /> : null}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            Create workspace
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}
