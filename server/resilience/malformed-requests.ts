import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { AnyProcedure } from '@trpc/server';
import { appRouter, type ProcedurePath } from '../trpc/root';

// Generators of what a careless client, a fuzzer or an attacker sends instead of a form:
// wrong types, unknown fields, huge and deeply nested values, broken JSON, other content
// types, odd query strings and path segments. Each is raw text on the wire, so nothing the
// test process could not itself serialise (a 50,000-level nesting) is out of reach.

/** Over the 256 KB body limit: must be refused as too large, never parsed. */
const HUGE = 'x'.repeat(300 * 1024);

/** The fields a procedure's input schema names, so generated input reaches its checks. */
export function inputFieldNames(path: ProcedurePath): string[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  const schema = procedures[path]?._def.inputs[0] as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.shape ?? {});
}

/** Values of the wrong type (or the wrong text) for a field. */
const oddValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, '', ' ', '\u0000', '💥'.repeat(40), "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', 'NaN'),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Wrong for every field of every form (all are scalars or lists of scalars), so no input is valid by chance. */
const poison = fc.constantFrom<unknown>({ nested: [{ deeper: {} }] }, [{}], { '': null });

/** Known and unknown fields with odd values, one known field always poisoned. */
function malformedObject(fields: string[]) {
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc
    .tuple(fc.dictionary(key, oddValue, { maxKeys: 6 }), fc.constantFrom(...(fields.length > 0 ? fields : ['unexpectedField'])), poison)
    .map(([object, poisoned, value]) => ({ ...object, [poisoned]: value }));
}

/** JSON text that is not a valid input: malformed objects, other JSON values, nesting, size, broken syntax. */
export function malformedJson(fields: string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...fields, 'unexpectedField');
  const object = malformedObject(fields).map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 4, arbitrary: object },
    { weight: 1, arbitrary: fc.constantFrom('null', '0', '-1.5e400', '"text"', '[]', '[{}]', 'true', '{}') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.integer({ min: 1_000, max: 50_000 }), fc.boolean())
        .map(([name, depth, arrays]) =>
          arrays ? `{"${name}":${'['.repeat(depth)}${']'.repeat(depth)}}` : `{"${name}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
        ),
    },
    { weight: 1, arbitrary: field.map((name) => `{"${name}":"${HUGE}"}`) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.tuple(object, fc.nat()).map(([text, cut]) => text.slice(0, cut % text.length)),
        fc.constantFrom("{'a': 1}", '{"a":1,}', '{"a": undefined}', '{}x', 'NaN', '\uFEFF{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{}}}'),
      ),
    },
  );
}

/** A tRPC body: the superjson envelope around malformed JSON, sometimes with hostile meta. */
export function malformedTrpcJson(fields: string[]): fc.Arbitrary<string> {
  const meta = fc.constantFrom(
    undefined,
    { values: { slug: ['Date'] } },
    { values: { '__proto__.polluted': ['undefined'] } },
    { values: 5 },
    { values: { '': ['class', 'Unknown'] } },
    { values: { '': ['bigint'] } },
    { referentialEqualities: { a: ['b.c'] } },
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(malformedJson(fields), meta).map(([json, m]) => `{"json":${json}${m ? `,"meta":${JSON.stringify(m)}` : ''}}`) },
    { weight: 1, arbitrary: malformedJson(fields) },
  );
}

const OTHER_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonp'];

/** A body as sent: mostly JSON, otherwise another content type or none at all. */
export function malformedBody(json: fc.Arbitrary<string>): fc.Arbitrary<Pick<InjectOptions, 'headers' | 'payload'>> {
  return fc.oneof(
    { weight: 4, arbitrary: json.map((payload) => ({ headers: { 'content-type': 'application/json' }, payload })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom<string | undefined>(...OTHER_CONTENT_TYPES, undefined), fc.oneof(json, fc.constantFrom('a=1&b=2', '<a/>', '--x\r\n')))
        .map(([type, payload]) => ({ headers: type ? { 'content-type': type } : {}, payload })),
    },
    { weight: 1, arbitrary: fc.constant({ headers: { 'content-type': 'application/json' }, payload: '' }) },
  );
}

/** A query string (without '?') that no procedure accepts. */
export function malformedQuery(fields: string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...(fields.length > 0 ? fields : ['unexpectedField']));
  const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', 'null', '[]', '{}', 'true', '-1', 'NaN'));
  return fc.oneof(
    {
      weight: 3,
      // The poisoned field comes twice, which arrives as a list where a value is expected.
      arbitrary: fc
        .tuple(fc.dictionary(fc.oneof(field, fc.string({ maxLength: 8 })), text, { maxKeys: 5 }), field, text, text)
        .map(([pairs, poisoned, a, b]) => {
          const query = new URLSearchParams(pairs);
          query.append(poisoned, a);
          query.append(poisoned, b);
          return query.toString();
        }),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', 'a[b]=c', 'a[]=1&a[]=2', '=&&==', '?&?', '%00=%00', ';;') },
    { weight: 1, arbitrary: field.map((name) => `${name}=${HUGE}`) },
  );
}

/** A path segment where an id belongs: garbage, unknown UUIDs, broken escapes, one too long for any id. */
export const malformedPathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '..', '%2e%2e', 'null', '0', '-1', '%00', `${HUGE.slice(0, 2000)}`) },
);
