/** The demo screener `SEED_DEMO=true` creates (db/seed-demo.ts): two psychologists with slots. */
export const DEMO_SLUG = 'klinik-minda';

export interface Answer {
  /** 200 unless said. */
  status?: number;
  bytes: Buffer;
  /** As the server sent them, less those of the connection and the moment. */
  headers: Record<string, string>;
}

/** Set by Node's HTTP server for each answer, the baseline's as much as ours. */
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The headers a recorded answer keeps: the server's own, less those of the connection and the moment. */
export const answerHeaders = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)));

/**
 * One request that must succeed, kept as bytes and headers so a baseline can answer the very
 * same ones. Asked without compression, as autocannon asks.
 */
export async function fetchAnswer(url: string): Promise<Answer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: answerHeaders(response.headers) };
}

const fetchJson = async <T>(url: string) => JSON.parse((await fetchAnswer(url)).bytes.toString()) as T;

/** What a visitor's booking dialog lists: the psychologist's free slots, over REST. */
export const freeSlotsUrl = (serverUrl: string, psychologistId: string) =>
  `${serverUrl}/api/public/availability?slug=${DEMO_SLUG}&psychologistId=${psychologistId}`;

export async function demoPsychologistIds(serverUrl: string): Promise<string[]> {
  const psychologists = await fetchJson<{ id: string }[]>(`${serverUrl}/api/public/psychologists?slug=${DEMO_SLUG}`);
  return psychologists.map((psychologist) => psychologist.id);
}

/** Free slots of every demo psychologist, as bookable pairs. */
export async function demoFreeSlots(serverUrl: string): Promise<{ psychologistId: string; slotId: string }[]> {
  const slots = [];
  for (const psychologistId of await demoPsychologistIds(serverUrl)) {
    const free = await fetchJson<{ id: string }[]>(freeSlotsUrl(serverUrl, psychologistId));
    slots.push(...free.map((slot) => ({ psychologistId, slotId: slot.id })));
  }
  return slots;
}
