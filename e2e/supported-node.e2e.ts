import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../db/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../db/testing/test-databases';
import { type MindaProcess, startMindaProcess } from '../scripts/production-front/minda-process';
import { hashPassword } from '../server/auth/passwords';
import { fetchProofOfWork } from '../server/testing/booking-challenge-solver';
import { type BookableScreener, hoursFromNow, insertBookableScreener } from '../server/testing/booking-requests';
import { productionEnv } from '../server/testing/production-env';
import { type SmtpCapture, startSmtpCapture } from '../server/testing/smtp-capture';
import { freePort } from '../server/testing/spawn-server';
import { endOfLife, imageNodeVersion, officialNodeBinary } from './support/supported-node';

const OPERATOR_PASSWORD = 'supported node operator password';

// The rest of the suite runs on the machine's Node; this file runs the build as the image does,
// on the image's Node. The node_modules it loads were installed by the machine's Node: on
// MariaDB the server never opens better-sqlite3's native addon (built for that other Node), and
// @node-rs/argon2 is Node-API, which every Node release loads.
describe("the production build on the image's Node", () => {
  const version = imageNodeVersion();
  let node: string;
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let server: MindaProcess;
  let varDir: string;
  let url: string;
  let publicUrl: string;
  let clinic: BookableScreener;

  beforeAll(async () => {
    node = officialNodeBinary(version);
    // Left empty: the server migrates it at its start, on that Node, as a first deployment does.
    database = await createTestDatabase('mysql', async () => {});
    smtp = await startSmtpCapture();
    varDir = mkdtempSync(join(tmpdir(), 'minda-supported-node-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = productionEnv({ DATABASE_URL: database.url, SMTP_URL: smtp.url, VAR_DIR: varDir, LOG_LEVEL: 'warn', BOOKING_CHALLENGE_COST: '2', METRICS_ALLOW: '127.0.0.1' });
    publicUrl = env.PUBLIC_URL!;
    server = await startMindaProcess(port, env, { node });
    clinic = await insertBookableScreener(database.db);
    await database.db.updateTable('accounts').set({ password_hash: await hashPassword(OPERATOR_PASSWORD) }).where('id', '=', clinic.userId).execute();
  });

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await smtp?.stop();
    await database?.drop();
    if (varDir) rmSync(varDir, { recursive: true, force: true });
  });

  it('is an LTS release still supported today, and the server says it runs on it', async () => {
    const ends = endOfLife(version);
    expect(ends !== undefined && ends > new Date().toISOString().slice(0, 10), `Node ${version}: security fixes until ${ends ?? 'a date e2e/support/supported-node.ts does not know'}`).toBe(true);
    expect(execFileSync(node, ['-p', 'process.version + " " + process.release.lts'], { encoding: 'utf8' }).trim()).toMatch(new RegExp(`^v${version} [A-Z][a-z]+$`));
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^nodejs_version_info\\{version="v${version.replaceAll('.', '\\.')}"`, 'm'));
  });

  it("takes a visitor's booking on MariaDB, which the clinic then reads back signed in", async () => {
    // Production checks the origin against PUBLIC_URL, the https address a browser would name.
    const headers = { origin: publicUrl, 'content-type': 'application/json' };
    const slotId = await insertSlot(database.db, clinic.psychologistId, hoursFromNow(72));
    const booked = await fetch(`${url}/api/public/appointments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        slug: clinic.slug,
        psychologistId: clinic.psychologistId,
        slotId,
        clientName: 'Nur Aisyah',
        clientEmail: 'nur.aisyah@example.com',
        clientPhone: '012-345 6789',
        clientTimezone: 'Asia/Kuala_Lumpur',
        proofOfWork: await fetchProofOfWork(url, clinic.slug),
      }),
    });
    expect(booked.status).toBe(201);
    const { appointmentId } = (await booked.json()) as { appointmentId: string };

    const signedIn = await fetch(`${url}/api/login`, { method: 'POST', headers, body: JSON.stringify({ username: clinic.username, password: OPERATOR_PASSWORD }) });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const listed = await fetch(`${url}/api/appointments`, { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: appointmentId, clientName: 'Nur Aisyah', status: 'requested' })]));
  });
});
