import type { DataSource } from "@utmost/contracts";
import { PropertyCard } from "./property-card";

export function PropertyGrid({ dataSources }: { dataSources: DataSource[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {dataSources.map((dataSource) => (
        <li key={dataSource.id} className="flex">
          <PropertyCard dataSource={dataSource} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
