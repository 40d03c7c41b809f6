import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subSeconds } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createMetrics } from './metrics';
import { DASHBOARD, metricNamesIn, panelQueriesAsPromql } from '../testing/grafana-dashboard';

/**
 * Runs Debian's promtool (the prometheus package): its exit status and everything it printed.
 * Missing promtool fails the test rather than skipping it: CI installs it (.ci/run).
 */
function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { input, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error("promtool is not on PATH: install Debian's prometheus package (apt-get install prometheus), as .ci/run does");
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every series' metric name in a scrape (histograms as their _bucket, _sum and _count). */
const seriesNames = (text: string) => new Set(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)![0]));

const TOKEN = 'scrape-token-0123456789';

/** The value of one series in Prometheus' text format; undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(TEST_DIALECTS)('/metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is closed to a scraper without the token, and looks absent', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789']) {
      const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('minda_');
    }
  });

  it('counts and times requests by route pattern and tRPC procedure, never by URL', async () => {
    await t.app.inject('/healthz');
    await t.app.inject('/healthz');
    await t.app.inject('/api/public/appointments/manage/some-secret-token');
    await t.app.inject('/trpc/public.psychologists?input=%7B%7D');
    await t.app.inject('/trpc/public.psychologists,public.psychologists?batch=1&input=%7B%7D');
    await t.app.inject('/trpc/made-up-name');
    const text = await scrape();
    expect(sample(text, 'minda_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(sample(text, 'minda_http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBe(2);
    expect(text).not.toContain('some-secret-token');
    for (const route of ['/trpc/public.psychologists', '/trpc/(batch)', '/trpc/(unknown)']) expect(text).toContain(`route="${route}"`);
    expect(text).not.toContain('made-up-name');
  });

  it('counts bookings by outcome', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(48));
    expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
    expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(409);
    const text = await scrape();
    expect(sample(text, 'minda_bookings_total{outcome="confirmed"}')).toBe(1);
    expect(sample(text, 'minda_bookings_total{outcome="conflict"}')).toBe(1);
  });

  it('reports the outbox’s depth and the age of its oldest due mail from the database', async () => {
    const now = new Date();
    const mail = (n: number) => ({ kind: 'metrics', to: `metrics-${n}@klinik.example`, subject: 's', text: 't', html: 'h' });
    const before = sample(await scrape(), 'minda_outbox_pending') ?? 0;
    await enqueueEmails(t.services.db, [mail(1)], subSeconds(now, 90));
    await enqueueEmails(t.services.db, [mail(2)], now);
    const text = await scrape();
    expect(sample(text, 'minda_outbox_pending')).toBe(before + 2);
    expect(sample(text, 'minda_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(90);
  });

  /** A scrape after some of each kind of traffic: requests, a booking and its conflict, a mail waiting. */
  async function scrapeAfterTraffic() {
    await t.app.inject('/healthz');
    await t.app.inject('/api/no-such-route');
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(72));
    expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
    expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(409);
    return scrape();
  }

  it("keeps Node's and the process's metrics under their standard names, and passes promtool's check", async () => {
    const text = await scrapeAfterTraffic();
    const names = seriesNames(text);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_version_info']) {
      expect(names).toContain(name);
    }
    expect([...names].filter((name) => name.startsWith('minda_process_') || name.startsWith('minda_nodejs_'))).toEqual([]);
    expect(promtool(['check', 'metrics'], text)).toEqual({ status: 0, output: '' });
  });

  it('has every metric the Grafana dashboard in deploy/ queries', async () => {
    const names = seriesNames(await scrapeAfterTraffic());
    const queried = metricNamesIn(DASHBOARD);
    // What the dashboard is for: requests and latency by route, bookings, outbox, reminders, webhooks.
    expect(queried).toEqual(
      expect.arrayContaining([
        'minda_http_requests_total',
        'minda_http_request_duration_seconds_bucket',
        'minda_bookings_total',
        'minda_outbox_pending',
        'minda_outbox_oldest_due_age_seconds',
        'minda_reminder_lag_seconds_bucket',
        'minda_webhook_failures_total',
        'minda_webhook_pending',
        'minda_webhook_oldest_pending_age_seconds',
      ]),
    );
    expect(queried.filter((name) => !names.has(name))).toEqual([]);
  });

  it('reads the outbox once a scrape for both of its gauges', async () => {
    let outboxReads = 0;
    const counting = t.services.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"email_outbox"')) outboxReads++;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const text = await createMetrics(counting).registry.metrics();
    expect(text).toContain('minda_outbox_oldest_due_age_seconds');
    expect(outboxReads).toBe(1);
  });
});

describe("the Grafana dashboard's queries", () => {
  it("are PromQL that Prometheus' own parser accepts (promtool check rules)", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'minda-dashboard-'));
    try {
      // Each query as a recording rule; JSON is YAML, which promtool reads.
      const rules = panelQueriesAsPromql(DASHBOARD).map((expr, index) => ({ record: `dashboard:query_${index}`, expr }));
      await writeFile(join(folder, 'rules.yml'), JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
      const check = promtool(['check', 'rules', join(folder, 'rules.yml')]);
      expect(check.status, check.output).toBe(0);
      expect(check.output).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('/metrics opened to named addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7' } });
  });
  afterAll(() => t.close());

  it('answers a listed address and no other', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.20.30.40' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.8' })).statusCode).toBe(404);
  });
});
