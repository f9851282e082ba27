import { ConnectDataSourceFlow } from "@/features/data-sources/components/connect-data-source-flow";

/** `/connect-data-source` (spec §2, §4 connect flow). */
export function ConnectDataSourceRoute() {
  return <ConnectDataSourceFlow />;
}
