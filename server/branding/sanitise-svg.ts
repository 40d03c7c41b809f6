import sanitizeHtml from 'sanitize-html';

/**
 * A clinic's SVG logo made safe to serve from our origin (docs/decisions/0051): only the
 * elements and attributes that draw shapes, text and gradients; no script, foreignObject,
 * style element or attribute, event handler, link, <use> or <image>, and no url() but a
 * reference to the file's own ids. The logo is also served with a CSP that runs no script.
 */
const SHAPES = ['svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'text', 'tspan', 'title', 'desc', 'defs', 'lineargradient', 'radialgradient', 'stop', 'clippath'];

const PRESENTATION = [
  'id', 'class', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'clip-rule',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing',
];
const GEOMETRY = ['d', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'points', 'dx', 'dy', 'fx', 'fy'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SHAPES,
  allowedAttributes: {
    svg: ['xmlns', 'viewbox', 'width', 'height', 'preserveaspectratio', 'version', 'role', 'aria-label', ...PRESENTATION],
    stop: ['offset', 'stop-color', 'stop-opacity', 'id'],
    lineargradient: ['id', 'x1', 'y1', 'x2', 'y2', 'gradientunits', 'gradienttransform'],
    radialgradient: ['id', 'cx', 'cy', 'r', 'fx', 'fy', 'gradientunits', 'gradienttransform'],
    clippath: ['id', 'clippathunits'],
    '*': [...PRESENTATION, ...GEOMETRY],
  },
  // Everything outside the list goes with its content: a <script>'s text must not become a logo's words.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignobject', 'textarea', 'noscript', 'iframe'],
  allowedSchemes: [],
  allowProtocolRelative: false,
  // SVG's names keep their case (viewBox, linearGradient) only in the output we write ourselves: the
  // parser lower-cases them, and SVG_CASE puts them back.
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  selfClosing: [],
  exclusiveFilter: () => false,
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      // url() may point only inside the file (url(#gradient)); anything else could fetch from elsewhere.
      attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !/url\s*\(\s*['"]?\s*[^#\s'"]/i.test(value))),
    }),
  },
};

const SVG_CASE: Record<string, string> = {
  viewbox: 'viewBox',
  preserveaspectratio: 'preserveAspectRatio',
  lineargradient: 'linearGradient',
  radialgradient: 'radialGradient',
  clippath: 'clipPath',
  gradientunits: 'gradientUnits',
  gradienttransform: 'gradientTransform',
  clippathunits: 'clipPathUnits',
};

/** The sanitised SVG, or null when nothing of an <svg> is left to draw. */
export function sanitiseSvg(source: string): string | null {
  // The prologue (XML declaration, comments, a doctype and its entities) goes: the file starts at <svg>.
  const start = source.search(/<svg[\s>/]/i);
  if (start < 0) return null;
  const clean = sanitizeHtml(source.slice(start), OPTIONS).trim();
  if (!/^<svg[\s>]/.test(clean)) return null;
  const recased = clean.replace(/(<\/?|\s)(viewbox|preserveaspectratio|lineargradient|radialgradient|clippath|gradientunits|gradienttransform|clippathunits)(?=[\s=>/])/g, (_match, before: string, name: string) => `${before}${SVG_CASE[name]}`);
  // A file with no namespace is HTML to a browser, not an image.
  return /^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(recased) ? recased : recased.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}
