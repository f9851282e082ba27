import { describe, expect, it } from "vitest";
import { HOSTILE_TEXT } from "./synthetic/index.ts";
import { createWorld, HOSTILE_USER_EMAIL, MULTILINGUAL_USER_EMAIL } from "./world.ts";

describe("the world", () => {
  const world = createWorld();
  const accountNamesOf = (email: string) => {
    const user = world.findUser(email);
    if (!user) throw new Error(`no test user ${email}`);
    return world.accountsOf(user).map((account) => account.displayName);
  };

  it("keeps the demo users' accounts and properties", () => {
    expect(accountNamesOf("alex.morgan@gmail.com")).toEqual([
      "Northwind Outfitters",
      "Brightside Agency",
    ]);
    expect(accountNamesOf("priya@brightside-agency.com")).toEqual(["Brightside Agency"]);
    expect(accountNamesOf("sam.lee@gmail.com")).toEqual([]);
    const alex = world.findUser("alex.morgan@gmail.com");
    if (!alex) throw new Error("no Alex");
    expect(
      world.accountsOf(alex).flatMap((account) => account.properties.map((p) => p.profile.key)),
    ).toEqual([
      "well-run-store",
      "large-store",
      "agency-client",
      "huge-publisher",
      "revoked-client",
    ]);
  });

  it("gives the hostile account, named with markup, to its own test user alone", () => {
    expect(accountNamesOf(HOSTILE_USER_EMAIL)).toEqual([`${HOSTILE_TEXT.img} Agency`]);
    const others = world.users.filter((user) => user.email !== HOSTILE_USER_EMAIL);
    for (const user of others) {
      expect(world.accountsOf(user).map((account) => account.displayName)).not.toContain(
        `${HOSTILE_TEXT.img} Agency`,
      );
    }
    const found = world.findProperty("487120963");
    expect(found?.property.profile.key).toBe("hostile-text");
    expect(found?.property.rowsForDay("20261115").length).toBeGreaterThan(0);
  });

  it("seeds the hostile user with a stable Google subject id", () => {
    expect(world.findUser(HOSTILE_USER_EMAIL)).toMatchObject({
      sub: expect.stringMatching(/^1\d{20}$/),
      name: "Hostile Tester",
    });
    expect(createWorld().findUser(HOSTILE_USER_EMAIL)?.sub).toBe(
      world.findUser(HOSTILE_USER_EMAIL)?.sub,
    );
  });

  it("gives the multilingual account to its own test user alone", () => {
    expect(accountNamesOf(MULTILINGUAL_USER_EMAIL)).toEqual(["多言語 Агентство وكالة"]);
    const others = world.users.filter((user) => user.email !== MULTILINGUAL_USER_EMAIL);
    for (const user of others) {
      expect(world.accountsOf(user).map((account) => account.displayName)).not.toContain(
        "多言語 Агентство وكالة",
      );
    }
    const found = world.findProperty("493817265");
    expect(found?.property.profile.displayName).toBe("東京ストア Москва متجر الرياض 🎉");
    expect(found?.property.rowsForDay("20261115").length).toBeGreaterThan(0);
  });
});
