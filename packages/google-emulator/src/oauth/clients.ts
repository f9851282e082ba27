/** OAuth clients registered with the stand-in, as a Google Cloud project would hold them. */

export interface EmulatorClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs, or "loopback": any http://localhost, 127.0.0.1 or [::1] redirect. */
  redirectUris: readonly string[] | "loopback";
  /** The application name the consent page shows; the client id when absent. */
  name?: string;
}

export const DEMO_CLIENT: {
  clientId: "utmost-demo.apps.googleusercontent.com";
  clientSecret: "utmost-demo-secret";
} = {
  clientId: "utmost-demo.apps.googleusercontent.com",
  clientSecret: "utmost-demo-secret",
};

export const DEFAULT_CLIENTS: readonly EmulatorClient[] = [
  { ...DEMO_CLIENT, redirectUris: "loopback", name: "Utmost (demo)" },
];

export function findClient(
  clients: readonly EmulatorClient[],
  clientId: string,
): EmulatorClient | undefined {
  return clients.find((client) => client.clientId === clientId);
}

/**
 * "The http or https scheme, case, and trailing slash ('/') must all match" (§1.2); loopback
 * clients accept any port and path on a loopback host, as Google does for desktop clients.
 */
export function redirectUriAllowed(client: EmulatorClient, redirectUri: string): boolean {
  if (client.redirectUris !== "loopback") return client.redirectUris.includes(redirectUri);
  if (!URL.canParse(redirectUri)) return false;
  const url = new URL(redirectUri);
  return (
    url.protocol === "http:" &&
    ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) &&
    url.username === "" &&
    url.password === "" &&
    url.hash === ""
  );
}

export function clientName(client: EmulatorClient): string {
  return client.name ?? client.clientId;
}

export type ClientAuthentication =
  | { ok: true; client: EmulatorClient }
  | { ok: false; status: 400 | 401; error: string; description: string };

/**
 * client_secret_post or client_secret_basic (§1.4). Wordings are Google's replies for a
 * missing client id, an unknown client, a missing secret and a wrong secret.
 */
export function authenticateClient(
  clients: readonly EmulatorClient[],
  authorization: string | undefined,
  form: { clientId: string | undefined; clientSecret: string | undefined },
): ClientAuthentication {
  const basic = readBasic(authorization);
  const clientId = basic?.clientId ?? form.clientId;
  const clientSecret = basic ? basic.clientSecret : form.clientSecret;
  if (!clientId) {
    return {
      ok: false,
      status: 400,
      error: "invalid_request",
      description: "Could not determine client ID from request.",
    };
  }
  const client = findClient(clients, clientId);
  if (!client) {
    return {
      ok: false,
      status: 401,
      error: "invalid_client",
      description: "The OAuth client was not found.",
    };
  }
  if (!clientSecret) {
    return {
      ok: false,
      status: 400,
      error: "invalid_request",
      description: "client_secret is missing.",
    };
  }
  if (clientSecret !== client.clientSecret) {
    return { ok: false, status: 401, error: "invalid_client", description: "Unauthorized" };
  }
  return { ok: true, client };
}

/** RFC 6749 §2.3.1: both halves are form-urlencoded before base64. */
function readBasic(
  authorization: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const formDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replaceAll("+", " "));
    } catch {
      return value;
    }
  };
  return {
    clientId: formDecode(decoded.slice(0, colon)),
    clientSecret: formDecode(decoded.slice(colon + 1)),
  };
}
