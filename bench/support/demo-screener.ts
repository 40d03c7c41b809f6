/** The demo screener `SEED_DEMO=true` creates (db/seed-demo.ts): two psychologists with slots. */
export const DEMO_SLUG = 'klinik-minda';

export interface Answer {
  bytes: Buffer;
  contentType: string;
}

/** One request that must succeed, kept as bytes so a baseline can answer the very same ones. */
export async function fetchAnswer(url: string): Promise<Answer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' };
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
