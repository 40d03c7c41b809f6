import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_LOGO_BYTES } from '../../domain/logo-file';
import { embedStyle } from '../configuration/embed-style';
import { getLogo } from '../configuration/logo';
import { type AppServices, createRequestContext } from '../context';
import { restErrorAnswer } from '../errors';
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '../http-cache';
import { requestLocale } from '../request-locale';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { createCaller } from '../trpc/root';

export const LOGO_UPLOAD_PATH = '/api/configuration/logo';
export const LOGO_PATH = '/api/public/logo/:id';
/** Outside /api: a style sheet for browsers, not an operation of the API. */
export const EMBED_STYLE_PATH = '/embed/:screener/style.css';

const refusedFile = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });

/** Their rows in /api/openapi.json: the body of one and the answer of the other are files, not JSON. */
export const LOGO_OPERATIONS = {
  upload: {
    operationId: 'uploadLogo',
    summary: `Upload the clinic's logo as the request body: PNG, JPEG, WebP or SVG (sanitised), up to ${MAX_LOGO_BYTES / 1024} KB; the type is read from the file's bytes`,
    requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    // The rest follow from the procedure's meta (server/rest/openapi.ts).
    responses: {
      '413': refusedFile('Larger than 512 KB'),
      '415': refusedFile('Not a PNG, JPEG, WebP or SVG, or an SVG with nothing left once sanitised'),
      '429': refusedFile(`More than ${DEFAULT_RATE_LIMITS.logoUploadsPerClinic.limit} uploads by the clinic in ${DEFAULT_RATE_LIMITS.logoUploadsPerClinic.windowMinutes} minutes`),
    },
  },
  remove: {
    operationId: 'removeLogo',
    summary: 'Remove the uploaded logo; the logo URL, if any, shows again',
  },
  serve: {
    operationId: 'logo',
    summary: "A clinic's uploaded logo, by its configuration id",
    security: [],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      '200': { description: 'The logo, in its own content type', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
      '404': refusedFile('No uploaded logo'),
    },
  },
};

/** An SVG logo opened on its own runs nothing and loads nothing, should the sanitiser ever miss something. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const IMAGE_POLICY = "default-src 'none'";
/** The address carries the logo's hash (?v=), so a new logo is a new address; a day is safe for the rest. */
const LOGO_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The logo's routes, as their own encapsulated plugin (like the Stripe webhook) so the raw-body
 * parser and the larger body limit apply to the upload alone: every other route keeps 256 KB.
 * The upload goes through admin.configuration.uploadLogo, so its session, role and checks are
 * the procedure's.
 */
export async function logoRoutes(app: FastifyInstance, { services }: { services: AppServices }): Promise<void> {
  // Whatever the browser calls the file: its bytes decide (domain/logo-file.ts).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES + 1 }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES + 1 }, (_req, body, done) => done(null, body));

  const answerWith = (call: (caller: ReturnType<typeof createCaller>, req: FastifyRequest) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const answer = await call(createCaller(createRequestContext(services, req, reply)), req);
      return reply.header('cache-control', PRIVATE_CACHE_CONTROL).send(answer);
    } catch (error) {
      const { status, body } = restErrorAnswer(error, requestLocale(req.headers));
      return reply.code(status).header('cache-control', PRIVATE_CACHE_CONTROL).send(body);
    }
  };
  app.put(
    LOGO_UPLOAD_PATH,
    { bodyLimit: MAX_LOGO_BYTES + 1 },
    answerWith((caller, req) => caller.admin.configuration.uploadLogo({ bytes: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array() })),
  );
  app.delete(LOGO_UPLOAD_PATH, answerWith((caller) => caller.admin.configuration.removeLogo()));

  // The embed's colours, for /embed.js on the clinic's page (server/configuration/embed-style.ts).
  app.get(EMBED_STYLE_PATH, async (req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', SHARED_CACHE_CONTROL)
      .send(await embedStyle(services, (req.params as { screener: string }).screener)),
  );

  app.get(LOGO_PATH, async (req, reply) => {
    try {
      const logo = await getLogo(services, (req.params as { id: string }).id);
      return reply
        .type(logo.contentType)
        .header('content-security-policy', logo.contentType === 'image/svg+xml' ? SVG_POLICY : IMAGE_POLICY)
        .header('x-content-type-options', 'nosniff')
        // Mail clients and the clinic's own site show it too.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', LOGO_CACHE_CONTROL)
        .header('etag', `"${logo.hash.slice(0, 32)}"`)
        .send(logo.data);
    } catch (error) {
      const { status, body } = restErrorAnswer(error, requestLocale(req.headers));
      return reply.code(status).header('cache-control', PRIVATE_CACHE_CONTROL).send(body);
    }
  });
}
