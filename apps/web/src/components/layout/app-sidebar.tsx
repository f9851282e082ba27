import { TIER_LABELS } from "@utmost/contracts";
import {
  Bell,
  Building2,
  Database,
  Inbox,
  LayoutDashboard,
  Link2,
  LogOut,
  type LucideIcon,
  Settings,
  Shield,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { errorMessage } from "@/lib/api-client";
import { useMe, useSignOut } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { usePublicConfig } from "@/lib/config";
import { planRoom } from "@/lib/plan-room";
import { useSelectedWorkspace } from "@/lib/workspaces";
import { useSidebar } from "./sidebar-context";
import { WorkspaceSwitcher } from "./workspace-switcher";

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

const WORKSPACE_ITEMS: NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/data-sources", label: "Analytics Properties", icon: Database },
  { to: "/workspace/members", label: "Team Members", icon: Users },
  { to: "/alert-settings", label: "Alert Settings", icon: Bell },
  { to: "/builder", label: "Link Builder", icon: Link2 },
];

/** Across every workspace the user belongs to (the Agency plan's multi-client dashboard). */
const CLIENT_ITEMS: NavItem[] = [{ to: "/clients", label: "Clients", icon: Building2 }];

function NavGroup({
  label,
  items,
  collapsed,
}: {
  label: string;
  items: NavItem[];
  collapsed: boolean;
}) {
  return (
    <div className="flex flex-col gap-1 px-2 py-2">
      <p
        className={cn(
          "px-2 pb-1 text-xs font-medium text-muted-foreground",
          collapsed && "sr-only",
        )}
      >
        {label}
      </p>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              title={collapsed ? item.label : undefined}
              className={({ isActive }) =>
                cn(
                  "flex h-9 items-center gap-2 rounded-md px-2 text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
                  isActive && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
                  collapsed && "justify-center px-0",
                )
              }
            >
              <item.icon className="size-4 shrink-0" aria-hidden />
              <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Spec §2 sidebar footer: the plan the current workspace runs on, which is its owner's (§5), with
 * the owner's count across their workspaces. Only the owner of a Free workspace is offered the
 * upgrade: a member cannot buy the owner's plan.
 */
function SubscriptionCard() {
  const { data: me } = useMe();
  const { workspace } = useSelectedWorkspace();
  if (workspace) {
    const room = planRoom(workspace, me?.user.id);
    return (
      <PlanBox
        planName={room.planName}
        used={room.used}
        limit={room.limit}
        note={room.viewerIsOwner ? null : "Workspace owner's plan"}
        canUpgrade={room.viewerIsOwner && (workspace.ownerTier ?? "free") === "free"}
      />
    );
  }
  const subscription = me?.subscription;
  if (!subscription) return null;
  return (
    <PlanBox
      planName={TIER_LABELS[subscription.tier]}
      used={subscription.dataSourcesUsed}
      limit={subscription.dataSourceLimit}
      note={null}
      canUpgrade={subscription.tier === "free"}
    />
  );
}

function PlanBox(props: {
  planName: string;
  used: number;
  limit: number;
  note: string | null;
  canUpgrade: boolean;
}) {
  return (
    <div className="rounded-lg border bg-card p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{props.planName} Plan</span>
      </div>
      {props.note ? <p className="mt-1 text-xs text-muted-foreground">{props.note}</p> : null}
      <p className="mt-1 text-xs text-muted-foreground">
        {props.used} / {props.limit} Analytics Properties
      </p>
      {props.canUpgrade ? (
        <Button asChild size="sm" className="mt-3 w-full">
          <Link to="/settings/billing">Upgrade Plan</Link>
        </Button>
      ) : null}
    </div>
  );
}

function SidebarBody({ collapsed, inSheet = false }: { collapsed: boolean; inSheet?: boolean }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: config } = usePublicConfig();
  const signOut = useSignOut({
    onError: (error) => toast.error("Sign out failed", { description: errorMessage(error) }),
    onSettled: () => navigate("/"),
  });

  const accountItems: NavItem[] = [{ to: "/settings", label: "Settings", icon: Settings }];
  if (config?.outboxEnabled) accountItems.push({ to: "/outbox", label: "Outbox", icon: Inbox });

  return (
    <>
      <div
        className={cn(
          "flex h-[73px] shrink-0 items-center border-b border-sidebar-border px-2",
          inSheet && "pr-10",
        )}
      >
        <WorkspaceSwitcher collapsed={collapsed} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto">
        <NavGroup label="Workspace" items={WORKSPACE_ITEMS} collapsed={collapsed} />
        <NavGroup label="All workspaces" items={CLIENT_ITEMS} collapsed={collapsed} />
        <NavGroup label="Account" items={accountItems} collapsed={collapsed} />
        {me?.isAdmin ? (
          <NavGroup
            label="Admin"
            items={[{ to: "/admin", label: "Admin Panel", icon: Shield }]}
            collapsed={collapsed}
          />
        ) : null}
      </nav>
      <div className="flex flex-col gap-3 border-t border-sidebar-border p-2">
        {collapsed ? null : <SubscriptionCard />}
        {me && !collapsed ? (
          <p className="truncate px-2 text-xs text-muted-foreground" title={me.user.email}>
            {me.user.email}
          </p>
        ) : null}
        <Button
          variant="ghost"
          className={cn(
            "w-full justify-start hover:bg-sidebar-accent",
            collapsed && "justify-center",
          )}
          title={collapsed ? "Sign Out" : undefined}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <LogOut aria-hidden />
          <span className={cn(collapsed && "sr-only")}>Sign Out</span>
        </Button>
      </div>
    </>
  );
}

export function AppSidebar() {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  const { pathname } = useLocation();

  // The mobile sheet closes whenever the user navigates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="w-[18rem] bg-sidebar p-0">
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Move between the app's pages.</SheetDescription>
          <div
            data-testid="sidebar"
            data-state="expanded"
            data-mobile="true"
            className="flex h-full flex-col"
          >
            <SidebarBody collapsed={false} inSheet />
          </div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <aside
      data-testid="sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className={cn(
        "sticky top-0 flex h-svh shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear",
        open ? "w-[16rem]" : "w-[3rem]",
      )}
    >
      <SidebarBody collapsed={!open} />
    </aside>
  );
}
