import { createHash } from "node:crypto";
import {
  createSyntheticProperty,
  PROFILES,
  type ProfileKey,
  TEST_PROFILES,
  type TestProfileKey,
} from "./synthetic/index.ts";
import { HOSTILE_ACCOUNT_NAME } from "./synthetic/profiles/hostile-text.ts";
import { MULTILINGUAL_ACCOUNT_NAME } from "./synthetic/profiles/multilingual.ts";
import type { PropertyProfile, SyntheticProperty } from "./synthetic/types.ts";

/**
 * The stand-in's fixed cast: test Google users and the Google Analytics accounts they can see.
 * Deterministic, so a demo, an e2e test and a screenshot always meet the same people and data.
 */

export interface TestUser {
  /** Google's stable subject id: 21 digits, the key a client must use (never the email). */
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  /** A data: URL, so nothing is fetched from the network. */
  picture: string;
  /** Workspace domain (`hd` claim); absent for consumer (gmail.com) accounts. */
  hostedDomain?: string;
  /** The Analytics accounts this user has a role on. */
  accountIds: readonly string[];
}

export interface AnalyticsAccount {
  accountId: string;
  displayName: string;
  properties: readonly SyntheticProperty[];
}

export interface NewTestUser {
  email: string;
  name: string;
  /** Analytics accounts to give the user a role on; none by default. */
  accountIds?: readonly string[];
}

export interface World {
  /** Everyone who can sign in, the seeded users first. */
  readonly users: readonly TestUser[];
  readonly accounts: readonly AnalyticsAccount[];
  /** By email (case-insensitive) or by `sub`. */
  findUser(emailOrSub: string): TestUser | undefined;
  /** Adds a user, or returns the existing one with that email. */
  addUser(user: NewTestUser): TestUser;
  accountsOf(user: TestUser): AnalyticsAccount[];
  findProperty(
    propertyId: string,
  ): { account: AnalyticsAccount; property: SyntheticProperty } | undefined;
  /** Forgets users added since the start. */
  reset(): void;
}

export const NORTHWIND_ACCOUNT_ID = "204681357";
export const BRIGHTSIDE_ACCOUNT_ID = "219753864";
/** Markup in its name and its property's; only HOSTILE_USER_EMAIL has a role on it. */
export const HOSTILE_ACCOUNT_ID = "266613370";
export const HOSTILE_USER_EMAIL = "hostile.tester@gmail.com";
/** Named in Japanese, Cyrillic and Arabic; only MULTILINGUAL_USER_EMAIL has a role on it. */
export const MULTILINGUAL_ACCOUNT_ID = "271828182";
export const MULTILINGUAL_USER_EMAIL = "polyglot.tester@gmail.com";

type SeededKey = ProfileKey | TestProfileKey;

interface AccountSeed {
  accountId: string;
  displayName: string;
  profileKeys: readonly SeededKey[];
}

const ACCOUNT_SEEDS: readonly AccountSeed[] = [
  {
    accountId: NORTHWIND_ACCOUNT_ID,
    displayName: "Northwind Outfitters",
    profileKeys: ["well-run-store", "large-store"],
  },
  {
    accountId: BRIGHTSIDE_ACCOUNT_ID,
    displayName: "Brightside Agency",
    profileKeys: ["agency-client", "huge-publisher", "revoked-client"],
  },
  {
    accountId: HOSTILE_ACCOUNT_ID,
    displayName: HOSTILE_ACCOUNT_NAME,
    profileKeys: ["hostile-text"],
  },
  {
    accountId: MULTILINGUAL_ACCOUNT_ID,
    displayName: MULTILINGUAL_ACCOUNT_NAME,
    profileKeys: ["multilingual"],
  },
];

const USER_SEEDS: readonly (NewTestUser & { sub: string })[] = [
  {
    sub: "104672935184627390125",
    email: "alex.morgan@gmail.com",
    name: "Alex Morgan",
    accountIds: [NORTHWIND_ACCOUNT_ID, BRIGHTSIDE_ACCOUNT_ID],
  },
  {
    sub: "118305726491058273641",
    email: "priya@brightside-agency.com",
    name: "Priya Shah",
    accountIds: [BRIGHTSIDE_ACCOUNT_ID],
  },
  { sub: "109284716350928471635", email: "sam.lee@gmail.com", name: "Sam Lee", accountIds: [] },
  {
    sub: "113579246801357924680",
    email: HOSTILE_USER_EMAIL,
    name: "Hostile Tester",
    accountIds: [HOSTILE_ACCOUNT_ID],
  },
  {
    sub: "117492058361749205836",
    email: MULTILINGUAL_USER_EMAIL,
    name: "Polyglot Tester",
    accountIds: [MULTILINGUAL_ACCOUNT_ID],
  },
];

/** The user the consent page selects when the request names nobody. */
export const DEFAULT_USER_EMAIL = "alex.morgan@gmail.com";

export function createWorld(): World {
  const accounts: AnalyticsAccount[] = ACCOUNT_SEEDS.map((seed) => ({
    accountId: seed.accountId,
    displayName: seed.displayName,
    properties: seed.profileKeys.map(seededProperty),
  }));
  const seeded = USER_SEEDS.map((seed) => makeUser(seed.sub, seed));
  let users: TestUser[] = [...seeded];

  const findUser = (emailOrSub: string) => {
    const wanted = emailOrSub.trim().toLowerCase();
    return users.find((user) => user.email === wanted || user.sub === wanted);
  };

  return {
    get users() {
      return users;
    },
    accounts,
    findUser,
    addUser(input) {
      const existing = findUser(input.email);
      if (existing) return existing;
      const user = makeUser(subFor(input.email), input);
      users = [...users, user];
      return user;
    },
    accountsOf(user) {
      return accounts.filter((account) => user.accountIds.includes(account.accountId));
    },
    findProperty(propertyId) {
      for (const account of accounts) {
        const property = account.properties.find((p) => p.profile.propertyId === propertyId);
        if (property) return { account, property };
      }
      return undefined;
    },
    reset() {
      users = [...seeded];
    },
  };
}

const SEEDED_PROFILES: Readonly<Record<SeededKey, PropertyProfile>> = {
  ...PROFILES,
  ...TEST_PROFILES,
};

const seededProperties = new Map<SeededKey, SyntheticProperty>();

/**
 * One instance per profile for the whole process, built on first use: the properties are
 * deterministic and read-only, and the biggest takes a second to set up, which neither a server
 * start nor every test's emulator should pay for.
 */
function seededProperty(key: SeededKey): SyntheticProperty {
  let property = seededProperties.get(key);
  if (!property) {
    const profile = SEEDED_PROFILES[key];
    let built: SyntheticProperty | undefined;
    property = {
      profile,
      rowsForDay: (date) => {
        built ??= createSyntheticProperty(profile);
        return built.rowsForDay(date);
      },
    };
    seededProperties.set(key, property);
  }
  return property;
}

function makeUser(sub: string, input: NewTestUser): TestUser {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const [givenName = name, ...rest] = name.split(/\s+/);
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return {
    sub,
    email,
    name,
    givenName,
    familyName: rest.join(" "),
    picture: avatar(name, sub),
    ...(domain === "gmail.com" || domain === "googlemail.com" ? {} : { hostedDomain: domain }),
    accountIds: [...(input.accountIds ?? [])],
  };
}

/** A stable 21-digit subject id for an added user, derived from the email. */
function subFor(email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest();
  let digits = "1";
  for (const byte of digest) {
    if (digits.length === 21) break;
    digits += String(byte % 10);
  }
  return digits;
}

const AVATAR_COLOURS = ["#1a73e8", "#188038", "#d93025", "#e37400", "#9334e6", "#007b83"];

/** Initials on a coloured disc, like Google's default avatar. */
function avatar(name: string, sub: string): string {
  const initials = name
    .split(/\s+/)
    .filter((part) => part.length > 0)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .replace(/[^A-Z0-9]/g, "");
  const colour = AVATAR_COLOURS[Number(sub.slice(-2)) % AVATAR_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
