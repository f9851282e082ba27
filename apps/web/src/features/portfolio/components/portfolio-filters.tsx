import { type PortfolioStatus, PortfolioStatusSchema } from "@utmost/contracts";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { type PortfolioFilter, STATUS_LABELS } from "../utils/portfolio-view";

/** Radix Select has no empty value: this one stands for "no filter". */
const ALL = "all";

export function PortfolioFilters({
  filter,
  workspaces,
  onChange,
}: {
  filter: PortfolioFilter;
  workspaces: readonly { id: string; name: string }[];
  onChange: (filter: PortfolioFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative sm:max-w-xs sm:flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search properties and workspaces"
          placeholder="Search properties and workspaces"
          className="pl-9"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </div>
      <Select
        value={filter.workspaceId ?? ALL}
        onValueChange={(value) =>
          onChange({ ...filter, workspaceId: value === ALL ? null : value })
        }
      >
        <SelectTrigger aria-label="Workspace" className="w-full sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All workspaces</SelectItem>
          {workspaces.map((workspace) => (
            <SelectItem key={workspace.id} value={workspace.id}>
              {workspace.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filter.status ?? ALL}
        onValueChange={(value) =>
          onChange({
            ...filter,
            status: value === ALL ? null : (PortfolioStatusSchema.safeParse(value).data ?? null),
          })
        }
      >
        <SelectTrigger aria-label="Status" className="w-full sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All statuses</SelectItem>
          {PortfolioStatusSchema.options.map((status: PortfolioStatus) => (
            <SelectItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
