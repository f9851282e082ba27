import { NotFoundScreen } from "@/components/errors/not-found-screen";

export function NotFoundRoute() {
  return <NotFoundScreen />;
}
