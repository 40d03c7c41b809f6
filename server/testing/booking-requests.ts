import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertOperator, insertPsychologist } from '../../db/testing/fixtures';
import type { BookingChallenge, ProofOfWork } from '../booking-challenge/booking-challenge.types';
import { solveBookingChallenge } from './booking-challenge-solver';
import type { TestApp } from './test-app';

/** An operator's screener with one psychologist, as a visitor reaches it by its slug. */
export async function insertBookableScreener(
  db: Kysely<Database>,
  psychologist: Parameters<typeof insertPsychologist>[2] = {},
  clinic: Pick<NonNullable<Parameters<typeof insertOperator>[1]>, 'confirmVisitorEmail' | 'autoConfirmRequests' | 'secondReminder' | 'companyName'> = {},
) {
  const slug = `klinik-${randomUUID().slice(0, 8)}`;
  const operator = await insertOperator(db, { companySlug: slug, ...clinic });
  const psychologistEmail = psychologist.email ?? `psychologist-${randomUUID().slice(0, 8)}@clinic.example`;
  const psychologistId = await insertPsychologist(db, operator.userId, { ...psychologist, email: psychologistEmail });
  return { ...operator, slug, operatorEmail: `${operator.username}@clinic.example`, psychologistId, psychologistEmail };
}

export type BookableScreener = Awaited<ReturnType<typeof insertBookableScreener>>;

let visitors = 0;
/**
 * A new client address per call, each in its own /64 (the per-address limits count an IPv6
 * client by its /64): different visitors, so the per-address limit stays out of the way.
 */
export const visitorAddress = () => `2001:db8:${(++visitors).toString(16)}::1`;

/** The booking form as the client sends it; each call a new visitor's e-mail. */
export function bookingRequest(screener: BookableScreener, slotId: string, overrides: Record<string, unknown> = {}) {
  return {
    slug: screener.slug,
    psychologistId: screener.psychologistId,
    slotId,
    clientName: 'Nur Aisyah',
    clientEmail: `visitor-${randomUUID().slice(0, 8)}@example.com`,
    clientPhone: '012-345 6789',
    clientTimezone: 'Asia/Kuala_Lumpur',
    ...overrides,
  };
}

/** The server driven by `inject`: a test app, or one a test built with services of its own. */
type InProcessApp = Pick<TestApp, 'app' | 'services'>;

/** GET /api/public/booking-challenge/{slug} from the visitor's address. */
function fetchChallenge(t: InProcessApp, slug: string, remoteAddress: string) {
  return t.app.inject({ method: 'GET', url: `/api/public/booking-challenge/${encodeURIComponent(slug)}`, remoteAddress });
}

/** The booking's challenge, fetched from the visitor's address and solved, as the booking dialog does. */
export async function proofOfWorkFor(t: InProcessApp, slug: string, remoteAddress = visitorAddress()): Promise<ProofOfWork> {
  const response = await fetchChallenge(t, slug, remoteAddress);
  if (response.statusCode !== 200) throw new Error(`The booking challenge answered ${response.statusCode}: ${response.body}`);
  return solveBookingChallenge(response.json<BookingChallenge>());
}

/** A booking request with its challenge solved, for callers that book through tRPC. */
export async function withProofOfWork<Request extends { slug: string }>(t: InProcessApp, request: Request, remoteAddress?: string) {
  return { ...request, proofOfWork: await proofOfWorkFor(t, request.slug, remoteAddress) };
}

/**
 * POST /api/public/appointments as the browser sends it, from a visitor's own address, with a
 * challenge solved for it, unless the payload names its own `proofOfWork` (even as undefined,
 * to send none). A refused challenge (a 429, or a 503 while the database is lost) is the
 * booking's answer, as the visitor's dialog shows it.
 */
export async function postBooking(t: InProcessApp, payload: Record<string, unknown>, remoteAddress = visitorAddress()) {
  let solved = payload;
  if (!('proofOfWork' in payload) && typeof payload.slug === 'string') {
    const challenge = await fetchChallenge(t, payload.slug, remoteAddress);
    if (challenge.statusCode !== 200) return { status: challenge.statusCode, body: challenge.json() as Record<string, unknown> };
    solved = { ...payload, proofOfWork: await solveBookingChallenge(challenge.json<BookingChallenge>()) };
  }
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/appointments',
    remoteAddress,
    headers: { origin: t.services.env.publicUrl },
    payload: solved,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** An instant `hours` from now, on a whole minute like a generated slot. */
export function hoursFromNow(hours: number): Date {
  return new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000);
}
