import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { dataSourceKeys } from "@/lib/data-sources";
import { forgetReconnect } from "@/lib/storage";

/**
 * A reconnect comes back from Google to `/data-sources?reconnected=<id>` (spec §4 reconnect):
 * announce it once, refresh the now active property, and drop the flag.
 */
export function useReconnectedToast() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const reconnectedId = searchParams.get("reconnected");

  useEffect(() => {
    if (reconnectedId === null) return;
    forgetReconnect();
    toast.success("Reconnected Successfully", { id: `reconnected-${reconnectedId}` });
    void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("reconnected");
        return next;
      },
      { replace: true },
    );
  }, [reconnectedId, queryClient, setSearchParams]);
}
