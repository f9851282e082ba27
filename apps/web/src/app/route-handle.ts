/**
 * What each route tells the browser tab ("<title> | Utmost") and, inside the app layout, the
 * header (spec §2: header with page title).
 */
export interface RouteHandle {
  title: string;
  subtitle?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === "object" &&
    value !== null &&
    "title" in value &&
    typeof value.title === "string"
  );
}
