import type { FastifyInstance } from "fastify";
import type { FaultControl } from "../faults.ts";
import { invalidArgument } from "../google-error.ts";
import type { World } from "../world.ts";
import { sendApiError, sendApiJson } from "./reply.ts";

/**
 * `/__emulator/*`: fault control over HTTP for tests and demos in another process (a browser
 * e2e run, the CLI). Registered only with `control: true`, never in the embedded production app.
 *
 * `POST /__emulator/faults` takes one FaultControl call as JSON, e.g.
 * `{"fault": "failNext", "count": 2, "status": 503, "path": ":runReport"}`.
 */
export function registerControlRoutes(
  fastify: FastifyInstance,
  faults: FaultControl,
  world: World,
): void {
  fastify.post("/__emulator/faults", async (request, reply) => {
    const applied = applyFault(faults, request.body);
    if (typeof applied === "string") return sendApiJson(request, reply, 200, { applied });
    return sendApiError(request, reply, invalidArgument(applied.problem));
  });

  fastify.post("/__emulator/reset", async (request, reply) => {
    faults.reset();
    return sendApiJson(request, reply, 200, {});
  });

  fastify.get("/__emulator/users", async (request, reply) =>
    sendApiJson(request, reply, 200, { users: world.users }),
  );

  fastify.post("/__emulator/users", async (request, reply) => {
    const email = stringField(request.body, "email")?.trim();
    const name = stringField(request.body, "name")?.trim();
    const accountIds = field(request.body, "accountIds") ?? [];
    if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return sendApiError(request, reply, invalidArgument("email must be an email address."));
    }
    if (!name) return sendApiError(request, reply, invalidArgument("name must not be empty."));
    const known = world.accounts.map((account) => account.accountId);
    if (
      !Array.isArray(accountIds) ||
      !accountIds.every((id): id is string => typeof id === "string" && known.includes(id))
    ) {
      return sendApiError(
        request,
        reply,
        invalidArgument(`accountIds must list known accounts: ${known.join(", ")}.`),
      );
    }
    return sendApiJson(request, reply, 200, world.addUser({ email, name, accountIds }));
  });
}

function applyFault(faults: FaultControl, body: unknown): string | { problem: string } {
  const name = stringField(body, "fault");
  const number = (key: string) => {
    const value = field(body, key);
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  switch (name) {
    case "expireAccessTokens":
      faults.expireAccessTokens();
      return name;
    case "revokeGrants": {
      const email = stringField(body, "email");
      faults.revokeGrants(email === undefined ? undefined : { email });
      return name;
    }
    case "exhaustQuotaAfter": {
      const requests = number("requests");
      const window = field(body, "window") ?? "hour";
      if (requests === undefined)
        return { problem: "requests must be a number of requests, 0 or more." };
      if (window !== "hour" && window !== "day")
        return { problem: 'window must be "hour" or "day".' };
      faults.exhaustQuotaAfter(requests, window);
      return name;
    }
    case "setLatency": {
      const ms = number("ms");
      if (ms === undefined) return { problem: "ms must be a number of milliseconds, 0 or more." };
      faults.setLatency(ms);
      return name;
    }
    case "failNext": {
      const count = number("count");
      const status = number("status");
      const path = stringField(body, "path");
      if (count === undefined) return { problem: "count must be a number of requests." };
      if (status === undefined || status < 400 || status > 599) {
        return { problem: "status must be an HTTP error status (400-599)." };
      }
      faults.failNext(count, status, path === undefined ? undefined : { path });
      return name;
    }
    case "garbleNext": {
      const count = number("count");
      const path = stringField(body, "path");
      if (count === undefined) return { problem: "count must be a number of responses." };
      faults.garbleNext(count, path === undefined ? undefined : { path });
      return name;
    }
    case "reset":
      faults.reset();
      return name;
    default:
      return {
        problem:
          "fault must be one of expireAccessTokens, revokeGrants, exhaustQuotaAfter, setLatency, failNext, garbleNext, reset.",
      };
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined;
}

function stringField(body: unknown, key: string): string | undefined {
  const value = field(body, key);
  return typeof value === "string" ? value : undefined;
}
