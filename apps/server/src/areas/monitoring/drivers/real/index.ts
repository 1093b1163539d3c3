// The real monitoring platform (ADR 033): probes that really connect. Its state is its own
// (prober_probes, prober_checks): the probes it runs with their next due time, and the checks
// the scheduler (scheduler.ts) ran. Probes it did not set up (the demo's, and VMs of simulated
// sites, which only the simulator can reach) go to the simulator, as it set them up.
import type { Database } from '../../../../db/database.ts';
import type { OperationContext } from '../../../../platform/driver.ts';
import type {
  CheckFacts,
  MonitoringDriver,
  ProbeChecks,
  ProbeCreatedFacts,
  ProbeDeletedFacts,
  ProbeSince,
  ProbeSpec,
} from '../../driver.ts';

/** The first check of a new probe runs this long after it is set up. */
const FIRST_CHECK_MS = 1000;

export class MonitoringProber implements MonitoringDriver {
  constructor(
    private readonly db: Database,
    /** The simulated platform for VMs of a simulated site (and probes it set up); none elsewhere. */
    private readonly simulator: MonitoringDriver | null,
    /** How long one second of an interval lasts (config `monitoring.msPerIntervalSecond`). */
    private readonly msPerIntervalSecond: number,
  ) {}

  checkPeriodMs(intervalSeconds: number): number {
    const real = intervalSeconds * this.msPerIntervalSecond;
    return this.simulator ? Math.min(real, this.simulator.checkPeriodMs(intervalSeconds)) : real;
  }

  async createProbe(
    ctx: OperationContext,
    monitorId: number,
    spec: ProbeSpec,
  ): Promise<ProbeCreatedFacts> {
    if (spec.vmId !== null && this.simulator)
      return this.simulator.createProbe(ctx, monitorId, spec);
    const startedAt = new Date();
    await this.db.query(
      `insert into prober_probes (monitor_id, task_id, spec, interval_seconds, started_at, next_at)
       values ($1, $2, $3::jsonb, $4, $5, $6) on conflict (monitor_id) do nothing`,
      [
        monitorId,
        ctx.taskId,
        JSON.stringify(spec),
        spec.intervalSeconds,
        startedAt,
        new Date(startedAt.getTime() + FIRST_CHECK_MS),
      ],
    );
    const rows = await this.db.query<{ started_at: Date }>(
      'select started_at from prober_probes where monitor_id = $1',
      [monitorId],
    );
    const row = rows[0];
    if (!row) throw new Error(`the probe of monitor ${monitorId} was not recorded`);
    return { startedAt: new Date(row.started_at).toISOString(), certificateExpiresAt: null };
  }

  async deleteProbe(ctx: OperationContext, monitorId: number): Promise<ProbeDeletedFacts> {
    await this.db.query('delete from prober_probes where monitor_id = $1', [monitorId]);
    await this.db.query('delete from prober_checks where monitor_id = $1', [monitorId]);
    if (this.simulator) return this.simulator.deleteProbe(ctx, monitorId);
    return { deletedAt: new Date().toISOString() };
  }

  async pauseProbe(monitorId: number, paused: boolean): Promise<void> {
    // Resumed: checked again at once, then every interval.
    await this.db.query(
      `update prober_probes set paused = $2, next_at = case when $2 then next_at else $3 end
        where monitor_id = $1`,
      [monitorId, paused, new Date()],
    );
  }

  async checks(
    probes: readonly ProbeSince[],
    until: number,
    limit: number,
  ): Promise<Map<number, ProbeChecks>> {
    const out = new Map<number, ProbeChecks>();
    if (probes.length === 0) return out;
    const ours = await this.db.query<{ monitor_id: string | number; interval_seconds: number }>(
      'select monitor_id, interval_seconds from prober_probes where monitor_id = any($1::bigint[])',
      [probes.map((probe) => probe.monitorId)],
    );
    const periods = new Map(
      ours.map((row) => [Number(row.monitor_id), row.interval_seconds * this.msPerIntervalSecond]),
    );
    const real = probes.filter((probe) => periods.has(probe.monitorId));
    const others = probes.filter((probe) => !periods.has(probe.monitorId));
    if (real.length > 0) {
      const rows = await this.db.query<{
        monitor_id: string | number;
        at: Date;
        ok: boolean;
        warning: boolean;
        response_ms: number | null;
        message: string;
      }>(
        `select monitor_id, at, ok, warning, response_ms, message from (
           select c.*, row_number() over (partition by c.monitor_id order by c.at desc) as newest
             from prober_checks c
             join json_to_recordset($1::json) as s(monitor_id bigint, since timestamptz)
               on s.monitor_id = c.monitor_id and c.at > s.since
            where c.at <= $2) x
          where newest <= $3 order by monitor_id, at`,
        [
          JSON.stringify(
            real.map((probe) => ({ monitor_id: probe.monitorId, since: new Date(probe.since) })),
          ),
          new Date(until),
          limit,
        ],
      );
      for (const probe of real)
        out.set(probe.monitorId, {
          periodMs: periods.get(probe.monitorId) ?? 0,
          checks: [],
          live: true,
        });
      for (const row of rows) {
        const check: CheckFacts = {
          at: new Date(row.at).getTime(),
          ok: row.ok,
          warning: row.warning,
          responseMs: row.response_ms,
          message: row.message,
        };
        out.get(Number(row.monitor_id))?.checks.push(check);
      }
    }
    if (others.length > 0 && this.simulator) {
      const simulated = await this.simulator.checks(others, until, limit);
      for (const [id, found] of simulated) out.set(id, found);
    }
    return out;
  }
}
