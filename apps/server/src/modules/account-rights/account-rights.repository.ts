import { and, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  alertDeliveries,
  alertRecipients,
  alertRules,
  apiKeys,
  auditScans,
  billingEvents,
  builderLinks,
  dataSources,
  googleConnections,
  issueOccurrences,
  mailOutbox,
  memberPropertyGrants,
  reportExports,
  sessions,
  subscriptions,
  userRoles,
  users,
  utmIssues,
  verifications,
  workspaceBranding,
  workspaceConventions,
  workspaceInvitations,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import { reportColumns } from "../reports/reports.repository.ts";
import { anonymiseBillingPayload } from "../retention/billing-records.ts";

/**
 * Queries only. Every export query names its columns: tokens, password hashes, two-factor
 * secrets, invitation, API key and recipient token hashes, webhook signing secrets and Google
 * tokens are never selected.
 */

export function findUser(db: Db, userId: string) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      emailVerified: users.emailVerified,
      image: users.image,
      twoFactorEnabled: users.twoFactorEnabled,
      onboardingCompletedAt: users.onboardingCompletedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

/** How the user signs in (credential, google), without tokens or the password hash. */
export function findSignInMethods(db: Db, userId: string) {
  return db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt);
}

/** The stored password hash of the user's email-and-password sign-in, if they have one. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return row?.password ?? null;
}

export function findSubscriptions(db: Db, userId: string) {
  return db
    .select({
      tier: subscriptions.tier,
      status: subscriptions.status,
      dataSourceLimit: subscriptions.dataSourceLimit,
      dataSourcesUsed: subscriptions.dataSourcesUsed,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      providerCustomerId: subscriptions.providerCustomerId,
      paymentFailedAt: subscriptions.paymentFailedAt,
      complimentarySince: subscriptions.complimentarySince,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

export function findRoles(db: Db, userId: string) {
  return db
    .select({ role: userRoles.role, createdAt: userRoles.createdAt })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
}

export function findMemberships(db: Db, userId: string) {
  return db
    .select({
      workspaceId: workspaceUsers.workspaceId,
      workspaceName: workspaces.name,
      workspaceRole: workspaceUsers.workspaceRole,
      chosenPropertiesOnly: workspaceUsers.chosenPropertiesOnly,
      joinedAt: workspaceUsers.createdAt,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(eq(workspaceUsers.userId, userId))
    .orderBy(workspaceUsers.createdAt);
}

const invitationColumns = {
  id: workspaceInvitations.id,
  workspaceId: workspaceInvitations.workspaceId,
  invitedEmail: workspaceInvitations.invitedEmail,
  workspaceRole: workspaceInvitations.workspaceRole,
  status: workspaceInvitations.status,
  invitedByUserId: workspaceInvitations.invitedByUserId,
  expiresAt: workspaceInvitations.expiresAt,
  respondedAt: workspaceInvitations.respondedAt,
  createdAt: workspaceInvitations.createdAt,
};

export function findInvitationsSent(db: Db, userId: string) {
  return db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.invitedByUserId, userId))
    .orderBy(workspaceInvitations.createdAt);
}

/** Invitations to the user's address (stored lower-cased) or answered by them. */
export function findInvitationsReceived(db: Db, userId: string, email: string) {
  return db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(
      or(
        eq(workspaceInvitations.invitedEmail, email.toLowerCase()),
        eq(workspaceInvitations.respondedByUserId, userId),
      ),
    )
    .orderBy(workspaceInvitations.createdAt);
}

/** Where and when the user is signed in: never the session's token. */
export function findSessions(db: Db, userId: string) {
  return db
    .select({
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
}

/**
 * The properties granted to the user where they see chosen properties only (client-level
 * access, ADR 024), in any workspace.
 */
export function findGrantsReceived(db: Db, userId: string) {
  return db
    .select({
      workspaceId: memberPropertyGrants.workspaceId,
      dataSourceId: memberPropertyGrants.dataSourceId,
      propertyName: dataSources.name,
      grantedByUserId: memberPropertyGrants.grantedByUserId,
      createdAt: memberPropertyGrants.createdAt,
    })
    .from(memberPropertyGrants)
    .innerJoin(dataSources, eq(dataSources.id, memberPropertyGrants.dataSourceId))
    .where(eq(memberPropertyGrants.userId, userId))
    .orderBy(memberPropertyGrants.createdAt);
}

/** The Google consents the user gave to connect properties: when and what, never the tokens. */
export function findGoogleConnections(db: Db, userId: string) {
  return db
    .select({
      workspaceId: googleConnections.workspaceId,
      dataSourceId: googleConnections.dataSourceId,
      scopes: googleConnections.tokenScopes,
      createdAt: googleConnections.createdAt,
      usedAt: googleConnections.usedAt,
    })
    .from(googleConnections)
    .where(eq(googleConnections.userId, userId))
    .orderBy(googleConnections.createdAt);
}

/** The payment provider's events about the user's plan and payments, as received. */
export async function findBillingRecords(db: Db, user: { id: string; email: string }) {
  return db
    .select({
      webhookId: billingEvents.webhookId,
      type: billingEvents.type,
      occurredAt: billingEvents.occurredAt,
      providerSubscriptionId: billingEvents.providerSubscriptionId,
      outcome: billingEvents.outcome,
      payload: billingEvents.payload,
      receivedAt: billingEvents.receivedAt,
    })
    .from(billingEvents)
    .where(await billingEventsOf(db, user))
    .orderBy(billingEvents.occurredAt);
}

export function findOwnedWorkspaces(db: Db, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      type: workspaces.type,
      createdAt: workspaces.createdAt,
      updatedAt: workspaces.updatedAt,
    })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(workspaces.createdAt);
}

export function findMembers(db: Db, workspaceIds: string[]) {
  return db
    .select({
      workspaceId: workspaceUsers.workspaceId,
      userId: workspaceUsers.userId,
      fullName: users.fullName,
      email: users.email,
      workspaceRole: workspaceUsers.workspaceRole,
      chosenPropertiesOnly: workspaceUsers.chosenPropertiesOnly,
      joinedAt: workspaceUsers.createdAt,
    })
    .from(workspaceUsers)
    .innerJoin(users, eq(users.id, workspaceUsers.userId))
    .where(inArray(workspaceUsers.workspaceId, workspaceIds))
    .orderBy(workspaceUsers.workspaceId, workspaceUsers.createdAt);
}

export function findWorkspaceInvitations(db: Db, workspaceIds: string[]) {
  return db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(inArray(workspaceInvitations.workspaceId, workspaceIds))
    .orderBy(workspaceInvitations.createdAt);
}

export function findProperties(db: Db, workspaceIds: string[]) {
  return db
    .select({
      id: dataSources.id,
      workspaceId: dataSources.workspaceId,
      name: dataSources.name,
      type: dataSources.type,
      ga4PropertyId: dataSources.ga4PropertyId,
      ga4AccountName: dataSources.ga4AccountName,
      connectedByUserId: dataSources.connectedByUserId,
      tokenScopes: dataSources.tokenScopes,
      isActive: dataSources.isActive,
      suspendedByPlanAt: dataSources.suspendedByPlanAt,
      scanFrequency: dataSources.scanFrequency,
      lastSyncedAt: dataSources.lastSyncedAt,
      createdAt: dataSources.createdAt,
      updatedAt: dataSources.updatedAt,
    })
    .from(dataSources)
    .where(inArray(dataSources.workspaceId, workspaceIds))
    .orderBy(dataSources.createdAt);
}

export function findScans(db: Db, dataSourceIds: string[]) {
  return db
    .select({
      id: auditScans.id,
      dataSourceId: auditScans.dataSourceId,
      scanType: auditScans.scanType,
      requestedByUserId: auditScans.requestedByUserId,
      status: auditScans.status,
      errorCode: auditScans.errorCode,
      errorMessage: auditScans.errorMessage,
      healthScore: auditScans.healthScore,
      healthGrade: auditScans.healthGrade,
      criticalIssuesCount: auditScans.criticalIssuesCount,
      warningIssuesCount: auditScans.warningIssuesCount,
      passedChecksCount: auditScans.passedChecksCount,
      rowsFetched: auditScans.rowsFetched,
      isComplete: auditScans.isComplete,
      quotaLimitHit: auditScans.quotaLimitHit,
      dateRangeStart: auditScans.dateRangeStart,
      dateRangeEnd: auditScans.dateRangeEnd,
      startedAt: auditScans.startedAt,
      completedAt: auditScans.completedAt,
      report: auditScans.report,
      createdAt: auditScans.createdAt,
    })
    .from(auditScans)
    .where(inArray(auditScans.dataSourceId, dataSourceIds))
    .orderBy(auditScans.createdAt);
}

export function findIssues(db: Db, dataSourceIds: string[]) {
  return db
    .select({
      id: utmIssues.id,
      dataSourceId: utmIssues.dataSourceId,
      issueType: utmIssues.issueType,
      title: utmIssues.title,
      description: utmIssues.description,
      severity: utmIssues.severity,
      status: utmIssues.status,
      affectedSessionsCount: utmIssues.affectedSessionsCount,
      values: utmIssues.values,
      examples: utmIssues.examples,
      firstDetectedAt: utmIssues.firstDetectedAt,
      lastDetectedAt: utmIssues.lastDetectedAt,
      lastScanId: utmIssues.lastScanId,
      mutedAt: utmIssues.mutedAt,
      muteReason: utmIssues.muteReason,
      resolvedAt: utmIssues.resolvedAt,
      reopenedAt: utmIssues.reopenedAt,
    })
    .from(utmIssues)
    .where(inArray(utmIssues.dataSourceId, dataSourceIds))
    .orderBy(utmIssues.firstDetectedAt);
}

export function findOccurrences(db: Db, dataSourceIds: string[]) {
  return db
    .select({
      issueId: issueOccurrences.issueId,
      scanId: issueOccurrences.scanId,
      affectedSessionsCount: issueOccurrences.affectedSessionsCount,
      values: issueOccurrences.values,
      detectedAt: issueOccurrences.detectedAt,
    })
    .from(issueOccurrences)
    .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
    .where(inArray(utmIssues.dataSourceId, dataSourceIds))
    .orderBy(issueOccurrences.detectedAt);
}

export function findAlertRules(db: Db, workspaceIds: string[]) {
  return db
    .select({
      id: alertRules.id,
      workspaceId: alertRules.workspaceId,
      dataSourceId: alertRules.dataSourceId,
      alertType: alertRules.alertType,
      triggerCondition: alertRules.triggerCondition,
      thresholdValue: alertRules.thresholdValue,
      notificationConfig: alertRules.notificationConfig,
      frequency: alertRules.frequency,
      isActive: alertRules.isActive,
      lastTriggeredAt: alertRules.lastTriggeredAt,
      createdByUserId: alertRules.createdByUserId,
      createdAt: alertRules.createdAt,
      updatedAt: alertRules.updatedAt,
    })
    .from(alertRules)
    .where(inArray(alertRules.workspaceId, workspaceIds))
    .orderBy(alertRules.createdAt);
}

export function findAlertDeliveries(db: Db, workspaceIds: string[]) {
  return db
    .select({
      id: alertDeliveries.id,
      alertRuleId: alertDeliveries.alertRuleId,
      kind: alertDeliveries.kind,
      status: alertDeliveries.status,
      attempts: alertDeliveries.attempts,
      lastError: alertDeliveries.lastError,
      alertCount: alertDeliveries.alertCount,
      body: alertDeliveries.body,
      lastAttemptAt: alertDeliveries.lastAttemptAt,
      deliveredAt: alertDeliveries.deliveredAt,
      createdAt: alertDeliveries.createdAt,
    })
    .from(alertDeliveries)
    .innerJoin(alertRules, eq(alertRules.id, alertDeliveries.alertRuleId))
    .where(inArray(alertRules.workspaceId, workspaceIds))
    .orderBy(alertDeliveries.createdAt);
}

/** Client-level access in the user's workspaces: which member was granted which property. */
export function findPropertyGrants(db: Db, workspaceIds: string[]) {
  return db
    .select({
      workspaceId: memberPropertyGrants.workspaceId,
      userId: memberPropertyGrants.userId,
      dataSourceId: memberPropertyGrants.dataSourceId,
      grantedByUserId: memberPropertyGrants.grantedByUserId,
      createdAt: memberPropertyGrants.createdAt,
    })
    .from(memberPropertyGrants)
    .where(inArray(memberPropertyGrants.workspaceId, workspaceIds))
    .orderBy(memberPropertyGrants.createdAt);
}

export function findNamingConventions(db: Db, workspaceIds: string[]) {
  return db
    .select({
      workspaceId: workspaceConventions.workspaceId,
      conventions: workspaceConventions.conventions,
      updatedByUserId: workspaceConventions.updatedByUserId,
      createdAt: workspaceConventions.createdAt,
      updatedAt: workspaceConventions.updatedAt,
    })
    .from(workspaceConventions)
    .where(inArray(workspaceConventions.workspaceId, workspaceIds));
}

export function findBuilderLinks(db: Db, workspaceIds: string[]) {
  return db
    .select({
      id: builderLinks.id,
      workspaceId: builderLinks.workspaceId,
      createdByUserId: builderLinks.createdByUserId,
      baseUrl: builderLinks.baseUrl,
      utmSource: builderLinks.utmSource,
      utmMedium: builderLinks.utmMedium,
      utmCampaign: builderLinks.utmCampaign,
      utmTerm: builderLinks.utmTerm,
      utmContent: builderLinks.utmContent,
      utmId: builderLinks.utmId,
      url: builderLinks.url,
      predictedChannel: builderLinks.predictedChannel,
      createdAt: builderLinks.createdAt,
    })
    .from(builderLinks)
    .where(inArray(builderLinks.workspaceId, workspaceIds))
    .orderBy(builderLinks.createdAt);
}

/** The reports' branding; the logo itself by its type and size (it is the user's own upload). */
export function findBranding(db: Db, workspaceIds: string[]) {
  return db
    .select({
      workspaceId: workspaceBranding.workspaceId,
      displayName: workspaceBranding.displayName,
      brandColor: workspaceBranding.brandColor,
      logoContentType: workspaceBranding.logoContentType,
      logoBytes: sql<number | null>`octet_length(${workspaceBranding.logo})`.mapWith(
        (bytes: number | string | null) => (bytes === null ? null : Number(bytes)),
      ),
      createdAt: workspaceBranding.createdAt,
      updatedAt: workspaceBranding.updatedAt,
    })
    .from(workspaceBranding)
    .where(inArray(workspaceBranding.workspaceId, workspaceIds));
}

/** The PDF reports made of the user's properties, without the files. */
export function findReports(db: Db, dataSourceIds: string[]) {
  return db
    .select({ ...reportColumns, requestedByUserId: reportExports.requestedByUserId })
    .from(reportExports)
    .where(inArray(reportExports.dataSourceId, dataSourceIds))
    .orderBy(reportExports.createdAt);
}

/** The public-API keys of the user's workspaces: names and prefixes, never the key's hash. */
export function findApiKeys(db: Db, workspaceIds: string[]) {
  return db
    .select({
      id: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      name: apiKeys.name,
      keyPrefix: apiKeys.keyPrefix,
      createdByUserId: apiKeys.createdByUserId,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      revokedReason: apiKeys.revokedReason,
    })
    .from(apiKeys)
    .where(inArray(apiKeys.workspaceId, workspaceIds))
    .orderBy(apiKeys.createdAt);
}

/** Alert recipients outside the workspace, and whether they confirmed. */
export function findAlertRecipients(db: Db, workspaceIds: string[]) {
  return db
    .select({
      workspaceId: alertRecipients.workspaceId,
      email: alertRecipients.email,
      confirmedAt: alertRecipients.confirmedAt,
      requestedByUserId: alertRecipients.requestedByUserId,
      createdAt: alertRecipients.createdAt,
      updatedAt: alertRecipients.updatedAt,
    })
    .from(alertRecipients)
    .where(inArray(alertRecipients.workspaceId, workspaceIds))
    .orderBy(alertRecipients.createdAt);
}

// ---- Deletion ----

export async function markDeletionRequested(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ deletionRequestedAt: at }).where(eq(users.id, userId));
}

export async function clearDeletionRequested(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ deletionRequestedAt: null }).where(eq(users.id, userId));
}

export async function deleteSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Users whose deletion was asked for at or before `cutoff`. */
export function findUsersDueForPurge(db: Db, cutoff: Date) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), lte(users.deletionRequestedAt, cutoff)));
}

/**
 * Removes one user and everything of theirs, in one transaction, re-checking under the row lock
 * that the deletion is still due (a recovery may have come in). Their workspaces go first: the
 * properties, scans, issues, alert rules, members and invitations cascade with them. Then rows
 * that name them in other workspaces (invitations they sent or were sent), their mail and
 * pending verifications; their billing records stay, without anything personal, for the 7 years
 * tax law asks (the retention job removes them then). The user row goes last, which cascades to
 * sessions, sign-in accounts, two-factor, roles, subscription, memberships and Google connect
 * handles, and sets to null the "done by" columns of other workspaces' rows.
 */
export async function purgeUser(
  db: Db,
  user: { id: string; email: string },
  cutoff: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, user.id),
          isNotNull(users.deletionRequestedAt),
          lte(users.deletionRequestedAt, cutoff),
        ),
      )
      .for("update");
    if (!due) return false;
    await tx.delete(workspaces).where(eq(workspaces.ownerId, user.id));
    // Keys the user made in other workspaces end with their membership, as on removal.
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedReason: "creator_removed" })
      .where(and(eq(apiKeys.createdByUserId, user.id), isNull(apiKeys.revokedAt)));
    await tx
      .delete(workspaceInvitations)
      .where(
        or(
          eq(workspaceInvitations.invitedByUserId, user.id),
          eq(workspaceInvitations.respondedByUserId, user.id),
          eq(workspaceInvitations.invitedEmail, user.email.toLowerCase()),
        ),
      );
    await anonymiseBillingRecords(tx, user);
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${user.email.toLowerCase()}`);
    // Better Auth keeps the user id in a verification's value (password reset, two-factor).
    await tx.delete(verifications).where(sql`position(${user.id} in ${verifications.value}) > 0`);
    await tx.delete(users).where(eq(users.id, user.id));
    return true;
  });
}

/**
 * The user's billing records (the payment provider's events) lose what names them: the user id,
 * and in the payload names, email, address and card holder (`anonymiseBillingPayload`).
 */
async function anonymiseBillingRecords(tx: Db, user: { id: string; email: string }) {
  const events = await tx
    .select({ webhookId: billingEvents.webhookId, payload: billingEvents.payload })
    .from(billingEvents)
    .where(await billingEventsOf(tx, user))
    .for("update");
  for (const event of events) {
    await tx
      .update(billingEvents)
      .set({ userId: null, payload: anonymiseBillingPayload(event.payload) })
      .where(eq(billingEvents.webhookId, event.webhookId));
  }
}

/**
 * Which billing records are the user's: an event applied to their account, or one that names
 * their subscription, their provider customer id or their email (payment events are recorded
 * without an account).
 */
async function billingEventsOf(db: Db, user: { id: string; email: string }): Promise<SQL> {
  const [subscription] = await db
    .select({
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      providerCustomerId: subscriptions.providerCustomerId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  const applied = await db
    .selectDistinct({ providerSubscriptionId: billingEvents.providerSubscriptionId })
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, user.id), isNotNull(billingEvents.providerSubscriptionId)));
  const subscriptionIds = [
    ...new Set(
      [
        subscription?.providerSubscriptionId,
        ...applied.map((row) => row.providerSubscriptionId),
      ].filter((id): id is string => typeof id === "string"),
    ),
  ];
  const customerId = subscription?.providerCustomerId ?? null;
  return or(
    eq(billingEvents.userId, user.id),
    sql`lower(${billingEvents.payload} #>> '{data,customer,email}') = ${user.email.toLowerCase()}`,
    customerId === null
      ? undefined
      : sql`${billingEvents.payload} #>> '{data,customer,customer_id}' = ${customerId}`,
    subscriptionIds.length === 0
      ? undefined
      : or(
          inArray(billingEvents.providerSubscriptionId, subscriptionIds),
          inArray(sql`${billingEvents.payload} #>> '{data,subscription_id}'`, subscriptionIds),
        ),
  ) as SQL;
}
