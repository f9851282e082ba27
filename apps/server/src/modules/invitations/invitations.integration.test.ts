import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, workspaceInvitations, workspaceUsers } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import { newestMailTo } from "../mail/mail.testing.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

describe.each(testDatabaseKinds())("invitations on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  type Session = Awaited<ReturnType<typeof signUp>>;

  async function ownerWithTeam(fullName = "Olivia Owner") {
    const owner = await signUp(app, newUser({ fullName }));
    const team = await insertTeam(app.database.db, owner.userId);
    return { owner, team };
  }

  function invite(
    session: Session,
    workspaceId: string,
    payload: { email: string; role?: string },
  ) {
    return app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspaceId}/invitations`,
      headers: { cookie: session.cookie },
      payload,
    });
  }

  /** The token of the newest mail to `email`, read from the link it carries. */
  async function mailedToken(email: string) {
    const mail = await newestMailTo(app.database.db, email);
    const link = mail.text.match(/http\S+\/invite\/accept\?token=(\S+)/);
    if (!link?.[1]) throw new Error(`no invitation link in: ${mail.text}`);
    return { mail, token: decodeURIComponent(link[1]) };
  }

  const lookup = (token: string, cookie?: string) =>
    app.server.inject({
      method: "GET",
      url: `/api/invitations/lookup?token=${encodeURIComponent(token)}`,
      headers: cookie ? { cookie } : {},
    });

  const respond = (answer: "accept" | "decline", session: Session, token: string) =>
    app.server.inject({
      method: "POST",
      url: `/api/invitations/${answer}`,
      headers: { cookie: session.cookie },
      payload: { token },
    });

  async function membersOf(workspaceId: string) {
    return app.database.db
      .select()
      .from(workspaceUsers)
      .where(eq(workspaceUsers.workspaceId, workspaceId));
  }

  it("sends a mail with a single-use link; the invitee looks it up, signs up and joins", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    const sent = await invite(owner, team.id, { email: email.toUpperCase(), role: "admin" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().invitation).toMatchObject({
      invitedEmail: email,
      role: "admin",
      status: "pending",
      invitedBy: { fullName: "Olivia Owner", email: owner.input.email },
    });
    const expiresAt = new Date(sent.json().invitation.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const { mail, token } = await mailedToken(email);
    expect(mail.subject).toBe(`Olivia Owner invited you to ${team.name} on Utmost`);
    expect(mail.text).toContain(`${app.config.appUrl}/invite/accept?token=`);
    expect(mail.html).toContain("/invite/accept?token=");
    expect(token).toMatch(/^[\w-]{43}$/);

    // Only the token's SHA-256 is kept.
    const [stored] = await app.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, sent.json().invitation.id));
    expect(stored?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);

    const listed = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${team.id}/invitations`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().invitations).toEqual([sent.json().invitation]);

    // Signed out, the page can show every state before Sign In Required.
    const found = await lookup(token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      invitation: {
        workspace: { name: team.name },
        invitedBy: { fullName: "Olivia Owner", email: owner.input.email },
        invitedEmail: email,
        role: "admin",
        status: "pending",
        expiresAt: sent.json().invitation.expiresAt,
      },
    });

    const invitee = await signUp(app, newUser({ email }));
    const accepted = await respond("accept", invitee, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ workspace: { id: team.id, name: team.name }, role: "admin" });

    const members = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${team.id}/members`,
      headers: { cookie: invitee.cookie },
    });
    expect(members.json().viewerRole).toBe("admin");
    expect(members.json().members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: "owner", canRemove: false }),
      expect.objectContaining({ userId: invitee.userId, role: "admin", isYou: true }),
    ]);
    expect((await lookup(token)).json().invitation.status).toBe("accepted");

    // Single use: the same link again changes nothing.
    const again = await respond("accept", invitee, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "INVITATION_NOT_PENDING",
      message: "This invitation has already been accepted",
    });
    expect(await membersOf(team.id)).toHaveLength(2);

    const pendingAfter = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${team.id}/invitations`,
      headers: { cookie: owner.cookie },
    });
    expect(pendingAfter.json().invitations).toEqual([]);
  });

  it("refuses another account with EMAIL_MISMATCH, ignoring case for the right one", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    await invite(owner, team.id, { email });
    const { token } = await mailedToken(email);

    const other = await signUp(app);
    const wrong = await respond("accept", other, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("EMAIL_MISMATCH");
    expect(wrong.json().error.message).toContain(email);
    expect((await respond("decline", other, token)).statusCode).toBe(403);
    expect(await membersOf(team.id)).toHaveLength(1);
    expect((await lookup(token)).json().invitation.status).toBe("pending");

    const right = await signUp(app, newUser({ email: email.toUpperCase() }));
    const accepted = await respond("accept", right, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().role).toBe("member");
  });

  it("reads expired after 7 days, refuses acceptance, and can be sent again", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    const sent = await invite(owner, team.id, { email });
    const { token } = await mailedToken(email);
    const invitee = await signUp(app, newUser({ email }));
    await app.database.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, sent.json().invitation.id));

    expect((await lookup(token)).json().invitation.status).toBe("expired");
    const late = await respond("accept", invitee, token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe("INVITATION_EXPIRED");
    expect(await membersOf(team.id)).toHaveLength(1);
    const listed = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${team.id}/invitations`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().invitations).toEqual([
      expect.objectContaining({ id: sent.json().invitation.id, status: "expired" }),
    ]);

    const resent = await invite(owner, team.id, { email });
    expect(resent.statusCode, resent.body).toBe(201);
    const { token: fresh } = await mailedToken(email);
    expect(fresh).not.toBe(token);
    expect((await lookup(token)).json().invitation.status).toBe("expired");
    expect((await respond("accept", invitee, token)).statusCode).toBe(409);
    expect((await respond("accept", invitee, fresh)).statusCode).toBe(200);
  });

  it("cancelling removes the invitation and its link", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    const sent = await invite(owner, team.id, { email });
    const { token } = await mailedToken(email);
    const url = `/api/workspaces/${team.id}/invitations/${sent.json().invitation.id}`;
    const cancel = () =>
      app.server.inject({ method: "DELETE", url, headers: { cookie: owner.cookie } });

    expect((await cancel()).statusCode).toBe(204);
    expect((await cancel()).statusCode).toBe(404);
    const gone = await lookup(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: "NOT_FOUND", message: "Invitation not found" });
    const invitee = await signUp(app, newUser({ email }));
    expect((await respond("accept", invitee, token)).statusCode).toBe(404);
    expect(await membersOf(team.id)).toHaveLength(1);
  });

  it("adds one membership however many acceptances race", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    await invite(owner, team.id, { email });
    const { token } = await mailedToken(email);
    const invitee = await signUp(app, newUser({ email }));

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => respond("accept", invitee, token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await app.database.db
      .select()
      .from(workspaceUsers)
      .where(
        and(eq(workspaceUsers.workspaceId, team.id), eq(workspaceUsers.userId, invitee.userId)),
      );
    expect(rows).toHaveLength(1);
  });

  it("declines: the invitee does not join and the link is spent", async () => {
    const { owner, team } = await ownerWithTeam();
    const email = newUser().email;
    await invite(owner, team.id, { email });
    const { token } = await mailedToken(email);
    const invitee = await signUp(app, newUser({ email }));

    const declined = await respond("decline", invitee, token);
    expect(declined.statusCode).toBe(204);
    expect((await lookup(token)).json().invitation.status).toBe("declined");
    const late = await respond("accept", invitee, token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This invitation has already been declined");
    expect(await membersOf(team.id)).toHaveLength(1);
  });

  it("refuses to invite a member or an email already invited, with a clear conflict", async () => {
    const { owner, team } = await ownerWithTeam();
    const self = await invite(owner, team.id, { email: owner.input.email.toUpperCase() });
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual({
      code: "ALREADY_MEMBER",
      message: `${owner.input.email} is already a member of this workspace`,
    });

    const email = newUser().email;
    const racing = await Promise.all([
      invite(owner, team.id, { email }),
      invite(owner, team.id, { email: email.toUpperCase() }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const again = await invite(owner, team.id, { email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "INVITATION_ALREADY_PENDING",
      message: `An invitation has already been sent to ${email}`,
    });
    const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(1);
  });

  it("validates what is sent and who asks", async () => {
    const { owner, team } = await ownerWithTeam();
    const blank = await invite(owner, team.id, { email: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Email is required");
    const owners = await invite(owner, team.id, { email: newUser().email, role: "owner" });
    expect(owners.statusCode).toBe(400);
    expect(owners.json().error.message).toBe("Role must be member or admin");

    const signedOut = await app.server.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { token: "whatever" },
    });
    expect(signedOut.statusCode).toBe(401);
    const noToken = await app.server.inject({ method: "GET", url: "/api/invitations/lookup" });
    expect(noToken.statusCode).toBe(400);
    expect((await lookup("not-a-real-token")).statusCode).toBe(404);
  });
});

describe("an invitation whose mail cannot be sent", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    app = await createTestApp("pglite", { SMTP_URL: "smtp://127.0.0.1:1" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is not kept, so it can be sent again", async () => {
    const owner = await signUp(app);
    const team = await insertTeam(app.database.db, owner.userId);
    const sent = await app.server.inject({
      method: "POST",
      url: `/api/workspaces/${team.id}/invitations`,
      headers: { cookie: owner.cookie },
      payload: { email: newUser().email },
    });
    expect(sent.statusCode).toBe(502);
    expect(sent.json().error).toEqual({
      code: "MAIL_DELIVERY_FAILED",
      message: "The invitation email could not be sent. Please try again.",
    });
    const kept = await app.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, team.id));
    expect(kept).toEqual([]);
  });
});
