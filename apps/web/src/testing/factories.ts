import type { DataSource, Issue, Scan, WorkspaceSummary } from "@utmost/contracts";

/** Valid API objects for tests: each test overrides only what it is about. */

export function makeWorkspace(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return {
    id: crypto.randomUUID(),
    name: "Acme Marketing",
    type: "personal",
    ownerId: "u1",
    role: "owner",
    ownerTier: "free",
    ownerPaymentGrace: null,
    dataSourceLimit: 1,
    memberCount: 1,
    dataSourceCount: 0,
    createdAt: "2025-11-01T00:00:00.000Z",
    // Unless a test says otherwise, the owner's properties are all in this workspace.
    ownerDataSourcesUsed: overrides.dataSourceCount ?? 0,
    ...overrides,
  };
}

export function makeScan(overrides: Partial<Scan> = {}): Scan {
  return {
    id: crypto.randomUUID(),
    dataSourceId: crypto.randomUUID(),
    scanType: "manual",
    status: "completed",
    progress: 100,
    errorMessage: null,
    errorCode: null,
    healthScore: 82,
    healthGrade: "B+",
    criticalIssuesCount: 2,
    warningIssuesCount: 5,
    passedChecksCount: 11,
    rowsFetched: 12_345,
    apiCallsMade: 4,
    isChunkedScan: false,
    chunkSizeDays: null,
    isComplete: true,
    quotaLimitHit: false,
    isSampled: false,
    samplingRate: null,
    isThresholded: false,
    dateRangeStart: "2025-08-03",
    dateRangeEnd: "2025-10-31",
    createdAt: "2025-11-01T09:00:00.000Z",
    startedAt: "2025-11-01T09:00:01.000Z",
    completedAt: "2025-11-01T09:00:40.000Z",
    ...overrides,
  };
}

export function makeRunningScan(overrides: Partial<Scan> = {}): Scan {
  return makeScan({
    status: "running",
    progress: 30,
    healthScore: null,
    healthGrade: null,
    criticalIssuesCount: 0,
    warningIssuesCount: 0,
    passedChecksCount: 0,
    completedAt: null,
    ...overrides,
  });
}

export function makeDataSource(overrides: Partial<DataSource> = {}): DataSource {
  return {
    id: crypto.randomUUID(),
    workspaceId: crypto.randomUUID(),
    name: "Acme Store",
    type: "ga4",
    ga4PropertyId: "312456789",
    ga4AccountName: "Acme Inc.",
    isActive: true,
    pausedByPlan: false,
    lastSyncedAt: "2025-11-01T09:00:40.000Z",
    chunkSizeDays: null,
    createdAt: "2025-10-01T12:00:00.000Z",
    latestScan: null,
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<Issue> = {}): Issue {
  return {
    id: crypto.randomUUID(),
    dataSourceId: crypto.randomUUID(),
    issueType: "case-inconsistency",
    title: "Inconsistent campaign name casing",
    description: "The same campaign is tagged with different letter cases.",
    severity: "warning",
    status: "active",
    affectedSessionsCount: 1_520,
    values: ["Summer_Sale", "summer_sale"],
    examples: [],
    alsoFound: [],
    firstDetectedAt: "2025-10-12T08:00:00.000Z",
    lastDetectedAt: "2025-10-31T08:00:00.000Z",
    mutedAt: null,
    mutedByUserId: null,
    muteReason: null,
    resolvedAt: null,
    reopened: false,
    foundByLatestAudit: true,
    resolutionGuide: {
      whyItMatters: "GA4 treats each casing as a separate campaign.",
      howToFix: "Use lowercase campaign names everywhere.",
      exampleWrong: "utm_campaign=Summer_Sale",
      exampleCorrect: "utm_campaign=summer_sale",
      ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
    },
    ...overrides,
  };
}
