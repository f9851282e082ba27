import type { InjectedFaults } from "../faults.ts";
import type { EmulatorClient } from "../oauth/clients.ts";
import type { SigningKey } from "../oauth/id-token.ts";
import type { TokenSigner } from "../oauth/tokens.ts";
import type { GrantLedger } from "../state/grants.ts";
import type { QuotaLedger } from "../state/quota.ts";
import type { World } from "../world.ts";

/** Everything a route needs: configuration, the world, and the in-memory state. */
export interface EmulatorContext {
  clients: readonly EmulatorClient[];
  accessTokenTtlSeconds: number;
  now: () => Date;
  /** Absolute, no trailing slash; a function because a test server learns its port late. */
  publicUrl: () => string;
  world: World;
  grants: GrantLedger;
  quota: QuotaLedger;
  injected: InjectedFaults;
  signer: TokenSigner;
  key: SigningKey;
}
