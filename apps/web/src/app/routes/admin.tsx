import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** Spec §6 "System admin": what each tab of the console is for. */
const ADMIN_TABS = [
  { value: "overview", label: "Overview", description: "Totals of users, workspaces and scans." },
  { value: "users", label: "Users", description: "Every user with their roles and subscription." },
  {
    value: "workspaces",
    label: "Workspaces",
    description: "Every workspace with its owner, members and analytics properties.",
  },
  { value: "system", label: "System", description: "Scan activity and system health." },
] as const;

/** `/admin` (system administrators only; the guard redirects everyone else). */
export function AdminRoute() {
  return (
    <Tabs defaultValue="overview">
      <TabsList>
        {ADMIN_TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {ADMIN_TABS.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          <Card>
            <CardHeader>
              <CardTitle>{tab.label}</CardTitle>
              <CardDescription>{tab.description}</CardDescription>
            </CardHeader>
          </Card>
        </TabsContent>
      ))}
    </Tabs>
  );
}
