import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminOverview } from "@/features/admin/components/admin-overview";
import { SystemStatus } from "@/features/admin/components/system-status";
import { UsersTable } from "@/features/admin/components/users-table";
import { WorkspacesTable } from "@/features/admin/components/workspaces-table";

/** Spec §2 /admin: the console's tabs; the open one is kept in `?tab=` so a reload keeps it. */
const ADMIN_TABS = [
  { value: "overview", label: "Overview", content: <AdminOverview /> },
  { value: "users", label: "Users", content: <UsersTable /> },
  { value: "workspaces", label: "Workspaces", content: <WorkspacesTable /> },
  { value: "system", label: "System", content: <SystemStatus /> },
] as const;

type AdminTab = (typeof ADMIN_TABS)[number]["value"];

function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}

/** `/admin` (system administrators only; the route guard sends everyone else to /dashboard). */
export function AdminRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: AdminTab = isAdminTab(requested) ? requested : "overview";

  return (
    <Tabs
      value={tab}
      onValueChange={(value) =>
        setSearchParams(value === "overview" ? {} : { tab: value }, { replace: true })
      }
    >
      <TabsList>
        {ADMIN_TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {ADMIN_TABS.map(({ value, content }) => (
        <TabsContent key={value} value={value}>
          {content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
