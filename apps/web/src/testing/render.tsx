import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";

/** Renders `routes` at `path` with a fresh query cache and the toaster, as the app does. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui: ReactElement = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
  return { ...render(ui), router, queryClient };
}

/** A JSON response as `fetch` would resolve it. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

type Handler = (request: { method: string; body: unknown; url: URL }) => Response;

/**
 * Stubs `fetch` with one handler per "METHOD /path"; any other call fails the test, so a test
 * states every request it expects.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request: ${method} ${url.pathname}`);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    return handler({ method, body, url });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
