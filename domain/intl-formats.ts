/**
 * Building an Intl.DateTimeFormat costs far more than using one (a booking built five, a
 * reminder pass one per mail), and only a few hundred zones exist: each format is built once per
 * key and kept. An unknown zone throws while building and is never kept.
 */
const MAX_FORMATS = 2_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The format kept under `key`, built by `build` the first time. */
export function rememberedFormat(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = build();
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
