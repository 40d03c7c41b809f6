import { addDays, format } from 'date-fns';
import type { Fetch } from './front-client';
import type { BookingChallenge, ProofOfWork } from '../../server/booking-challenge/booking-challenge.types';
import { solveBookingChallenge } from '../../server/testing/booking-challenge-solver';

/** What a request was for, as the results table groups them. */
export const REQUEST_KINDS = ['screening', 'booking', 'operator read', 'operator write'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface Sample<Phase extends string = string> {
  kind: RequestKind;
  /** The route it took, `METHOD /path/:param`, so a baseline can answer by it. */
  route: string;
  phase: Phase;
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  ms: number;
  appointmentId?: string;
  /** A booking's visitor e-mail, one per booking, so a check can find the booking a failed request still made. */
  clientEmail?: string;
  /** Why no answer came, when none did. */
  error?: string;
}

/** A failure a client sees: no answer, or the server's error. */
export const failed = (sample: Sample) => sample.status === 0 || sample.status >= 500;

export const p99 = (values: number[]) => (values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!);

/** A clinic's operator as the load signs in: their account and the psychologist whose schedule they edit. */
export interface OperatorLogin {
  username: string;
  password: string;
  psychologistId: string;
}

export interface LoadPlan {
  /** The clinic visitors book with. */
  clinic: { slug: string; psychologistId: string; slotIds: readonly string[] };
  operators: readonly OperatorLogin[];
  /** Concurrent visitors; each operator is one more client. */
  visitors: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * How a visitor comes by the proof of work for a booking challenge it fetched: solved there and
 * then, as a script would. A benchmark may hand out proofs solved before its load instead, since a
 * real visitor's device solves theirs, not the server's machine.
 */
export type ProofSource = (challenge: BookingChallenge) => Promise<ProofOfWork>;

/** Where the load goes (the front's public address, which is also the origin it names) and how it gets there. */
export interface FrontClient {
  url: string;
  fetch: Fetch;
}

/** Each answer's route and its bytes, for a benchmark to record. */
export type AnswerListener = (route: string, answer: Answer) => void;

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString());
  } catch {
    return {};
  }
}

/**
 * The mixed load of issue 17 through `front`: visitors screening (configuration and
 * psychologists by slug) and booking, and operators who sign in once, then read and save
 * their configuration, generate a day of availability, move one slot and delete another, and
 * read their appointments, over and over. Each visitor request comes from a new address and
 * each operator from their own, as HAProxy forwards them, so the per-address limits stay out
 * of the way; state-changing calls carry the origin the CSRF check expects. Runs until `stop`.
 */
export function startMixedLoad<Phase extends string>(
  front: FrontClient,
  plan: LoadPlan,
  phaseAt: () => Phase,
  onAnswer?: AnswerListener,
  proofOf: ProofSource = solveBookingChallenge,
) {
  const samples: Sample<Phase>[] = [];
  let running = true;
  let visitor = 0;

  const request = async (
    kind: RequestKind,
    route: string,
    path: string,
    init: RequestInit & { address: string; clientEmail?: string },
  ): Promise<(Answer & { body: unknown }) | undefined> => {
    const started = performance.now();
    const { clientEmail, address, ...sent } = init;
    try {
      const response = await front.fetch(`${front.url}${path}`, {
        ...sent,
        // Uncompressed, so a benchmark's recorded bytes are the very bytes sent (fetch would decode them).
        headers: { 'x-forwarded-for': address, origin: front.url, 'accept-encoding': 'identity', ...(sent.body ? { 'content-type': 'application/json' } : {}), ...sent.headers },
      });
      const answer = { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
      onAnswer?.(route, answer);
      const body: unknown = parseJson(answer.bytes);
      const appointmentId = kind === 'booking' && response.status === 201 ? (body as { appointmentId?: string }).appointmentId : undefined;
      samples.push({ kind, route, phase: phaseAt(), status: response.status, ms: performance.now() - started, appointmentId, clientEmail });
      return { ...answer, body };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      samples.push({ kind, route, phase: phaseAt(), status: 0, ms: performance.now() - started, clientEmail, error: cause?.code ?? cause?.message ?? String(error) });
      return undefined;
    }
  };

  const visit = async () => {
    while (running) {
      // This visit's own number: the shared count moves on while it awaits its answers.
      const n = ++visitor;
      const address = `2001:db8:${n.toString(16)}::1`;
      if (Math.random() < 0.3) {
        const { slug, psychologistId, slotIds } = plan.clinic;
        const slotId = slotIds[Math.floor(Math.random() * slotIds.length)]!;
        // As the booking dialog does: the challenge, solved, then the booking that carries it.
        const challenge = await request('booking', 'GET /api/public/booking-challenge/:slug', `/api/public/booking-challenge/${slug}`, { address });
        if (challenge?.status !== 200) continue;
        const proofOfWork = await proofOf(challenge.body as BookingChallenge);
        const booking = { slug, psychologistId, slotId, clientName: 'Nur Aisyah', clientEmail: `visitor-${n}@example.com`, clientPhone: '012-345 6789', clientTimezone: 'Asia/Kuala_Lumpur', proofOfWork };
        await request('booking', 'POST /api/public/appointments', '/api/public/appointments', { method: 'POST', body: JSON.stringify(booking), address, clientEmail: booking.clientEmail });
      } else if (Math.random() < 0.5) {
        await request('screening', 'GET /api/public/configuration/slug/:slug', `/api/public/configuration/slug/${plan.clinic.slug}`, { address });
      } else {
        await request('screening', 'GET /api/public/psychologists', `/api/public/psychologists?slug=${plan.clinic.slug}`, { address });
      }
    }
  };

  const operate = async (operator: OperatorLogin, n: number) => {
    const address = `2001:db8:ffff:${(n + 1).toString(16)}::1`;
    let cookie = '';
    const call = async (kind: RequestKind, route: string, path: string, init: RequestInit = {}) => {
      const answer = await request(kind, route, path, { ...init, address, headers: { cookie } });
      // The session may be renewed on any answer; the browser keeps the newest cookie.
      const renewed = answer?.headers.getSetCookie().map((line) => line.split(';')[0]!);
      if (renewed?.length) cookie = renewed.join('; ');
      return answer;
    };
    const signIn = () => call('operator write', 'POST /api/login', '/api/login', { method: 'POST', body: JSON.stringify({ username: operator.username, password: operator.password }) });
    while (running && (await signIn())?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    // Each round works on a day of its own, within the 12 months ahead that generation allows:
    // from 400 days ahead every generation was refused with a 400, and no slot was ever moved or
    // deleted. After 300 rounds the days come round again: the generation adds back the times
    // moved and deleted there, and the move then meets the slot moved before (a 409, a refusal
    // like a visitor's). The operators' clinics take no bookings.
    for (let round = 0; running; round++) {
      const configuration = await call('operator read', 'GET /api/configuration', '/api/configuration');
      if (configuration?.status === 200) {
        const saved = { ...(configuration.body as object), appDescription: `Saved in round ${round} of the mixed load` };
        await call('operator write', 'PUT /api/configuration', '/api/configuration', { method: 'PUT', body: JSON.stringify(saved) });
      }
      const day = format(addDays(new Date(), 30 + (round % 300)), 'yyyy-MM-dd');
      const pattern = { psychologistId: operator.psychologistId, startDate: day, endDate: day, startTime: '09:00', endTime: '12:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6], timezone: 'Asia/Kuala_Lumpur' };
      await call('operator write', 'POST /api/availability/generate', '/api/availability/generate', { method: 'POST', body: JSON.stringify(pattern) });
      const from = `${day}T00:00:00.000Z`;
      const listed = await call('operator read', 'GET /api/availability/:id', `/api/availability/${operator.psychologistId}?from=${from}&to=${addDays(new Date(from), 1).toISOString()}`);
      const [first, second] = Array.isArray(listed?.body) ? (listed.body as { id: string; startUtc: string; endUtc: string }[]) : [];
      if (first) {
        const later = (instant: string) => new Date(Date.parse(instant) + 12 * 3_600_000).toISOString();
        const moved = { startUtc: later(first.startUtc), endUtc: later(first.endUtc) };
        await call('operator write', 'PATCH /api/availability/:id', `/api/availability/${first.id}`, { method: 'PATCH', body: JSON.stringify(moved) });
      }
      if (second) await call('operator write', 'DELETE /api/availability/:id', `/api/availability/${second.id}`, { method: 'DELETE' });
      await call('operator read', 'GET /api/appointments', '/api/appointments');
    }
  };

  const clients = [...Array.from({ length: plan.visitors }, visit), ...plan.operators.map(operate)];
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** Requests, rate, failures and p99 per kind, over `seconds`. */
export function summarise(samples: readonly Sample[], seconds: number) {
  return REQUEST_KINDS.map((kind) => {
    const of = samples.filter((sample) => sample.kind === kind);
    return { kind, requests: of.length, failed: of.filter(failed).length, p99Ms: Math.round(p99(of.map((sample) => sample.ms))), perSecond: Math.round(of.length / seconds) };
  });
}
