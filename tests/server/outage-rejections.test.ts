import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from '../../server/jobs/outage-rejections';

// A process that runs jobs rides out a database outage that reaches it as a rejection no one
// handles (pg-boss 10 records a job's end without awaiting it), and still ends on any other.

/** An error as node-postgres gives it: PostgreSQL's SQLSTATE in `code`. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('a database outage among unhandled rejections', () => {
  it('knows an unreachable database from a fault of the statement', () => {
    const outages = [
      pgError('database "dakiya_live_f0827399" is not currently accepting connections', '55000'),
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('could not receive data from client', '08006'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('read ECONNRESET', 'ECONNRESET'),
      pgError('Connection terminated unexpectedly'),
      pgError('Client has encountered a connection error and is not queryable'),
      pgError('timeout exceeded when trying to connect'),
      pgError('sorry, too many clients already', '53300'),
    ];
    for (const e of outages) expect(isDatabaseOutage(e), e.message).toBe(true);
    const faults = [
      pgError('duplicate key value violates unique constraint "jobs_pkey"', '23505'),
      pgError('relation "pgboss.job" does not exist', '42P01'),
      pgError('lock timeout', '55P03'),
      pgError('canceling statement due to statement timeout', '57014'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ];
    for (const e of faults) expect(isDatabaseOutage(e), e.message).toBe(false);
    expect(isDatabaseOutage('Connection terminated')).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
  });

  // a process of its own, as server/main.ts and server/worker.ts start
  const run = (rejection: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { rideOutDatabaseOutages } from './server/jobs/outage-rejections.ts';
         rideOutDatabaseOutages();
         void Promise.reject(${rejection});
         setTimeout(() => { console.log('still running'); }, 200);`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );

  it('a process logs an outage that no one handled and goes on', () => {
    const r = run(`Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' })`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('still running');
    expect(r.stderr).toContain('not recorded, the database being unreachable');
  }, 30_000);

  it('any other unhandled rejection still ends the process', () => {
    const r = run(`new Error('a fault in a handler')`);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('still running');
    expect(r.stderr).toContain('a fault in a handler');
  }, 30_000);
});
