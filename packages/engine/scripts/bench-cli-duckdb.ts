/**
 * bench-cli.ts's child: DuckDB, one thread, reads FILE and groups it by every column but the
 * date and the sessions, summing the sessions: the aggregation the CLI's engine keys its work on.
 */
import { DuckDBInstance } from "@duckdb/node-api";

const file = process.argv[2] ?? "";
const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
const connection = await instance.connect();
const quoted = `'${file.replaceAll("'", "''")}'`;
const result = await connection.runAndReadAll(`
  select count(*) as groups from (
    select sessionSource, sessionMedium, sessionCampaignName, sessionManualAdContent,
      sessionDefaultChannelGroup, landingPagePlusQueryString, sum(sessions) as sessions
    from read_csv(${quoted}, header = true, all_varchar = true, columns = {
      'date': 'VARCHAR', 'sessionSource': 'VARCHAR', 'sessionMedium': 'VARCHAR',
      'sessionCampaignName': 'VARCHAR', 'sessionManualAdContent': 'VARCHAR',
      'sessionDefaultChannelGroup': 'VARCHAR', 'landingPagePlusQueryString': 'VARCHAR',
      'sessions': 'BIGINT'
    })
    group by all
  )`);
const groups = Number(result.getRows()[0]?.[0] ?? 0);
console.log(
  JSON.stringify({ peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), groups }),
);
