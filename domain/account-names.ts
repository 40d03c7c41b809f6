/**
 * How usernames and e-mail addresses are compared (docs/decisions/0041). Everything that
 * stores, finds or counts an account by a name it was given goes through `normaliseAccountName`,
 * so the database compares exactly what was normalised, with no collation of its own.
 */

/**
 * NFKC (the fullwidth `ｏｗｎｅｒｃ` becomes `ownerc`, the ligature `ﬁ` becomes `fi`), then case
 * folding, then NFKC again because folding can leave a string unnormalised: Unicode's
 * NFKC_Casefold in spirit, as RFC 8265 (PRECIS usernames) asks. JavaScript has no case fold;
 * lower, upper, then lower case again performs the full folds that `toLowerCase` alone misses
 * (`ß` and `ẞ` → `ss`, final `ς` → `σ`, long `ſ` → `s`), and folds dotless `ı` into `i` as
 * well, which only makes fewer names distinct.
 */
export function normaliseAccountName(name: string): string {
  return name.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * Letters that look like a Latin letter, mapped to it: Unicode Technical Standard #39's
 * confusables.txt (https://www.unicode.org/Public/security/latest/confusables.txt), only its
 * lowercase Cyrillic and Greek look-alikes of a–z, after case folding. Not the whole table
 * (about 6,000 entries): usernames are letters a–z, digits, `.`, `-` and `_` once normalised, so
 * a skeleton only has to bring a look-alike that slipped through back to those.
 */
const LATIN_LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', м: 'm', п: 'n', о: 'o', р: 'p', ԛ: 'q', г: 'r',
  ѕ: 's', т: 't', ц: 'u', ѵ: 'v', ԝ: 'w', х: 'x', у: 'y', ʐ: 'z',
  // Greek
  α: 'a', β: 'b', ϲ: 'c', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ω: 'w',
  // Latin letters without a decomposition, so stripping marks does not reach them
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't',
};

/**
 * Within what a username may hold, the confusions confusables.txt lists: `0` → `o` (its `0` →
 * `O`, folded), `1` → `l`, and the letters that two others draw (`m` → `rn`, `w` → `vv`, `d` →
 * `cl`). Applied to every character, so `rn` and `m` meet at `rn` whichever was typed.
 */
const WITHIN_USERNAMES: Record<string, string> = { 0: 'o', 1: 'l', m: 'rn', w: 'vv', d: 'cl' };

const mapEach = (text: string, table: Record<string, string>) => Array.from(text, (character) => table[character] ?? character).join('');

/**
 * What a name looks like, for refusing a new name that could pass for an existing one (after
 * UTS #39's skeleton): normalised and folded, diacritics stripped (`ownerç` → `ownerc`),
 * look-alike letters mapped to Latin, then the confusions among Latin letters and digits.
 * Two names with one skeleton may be told apart by a careful reader, but not at a glance.
 */
export function nameSkeleton(name: string): string {
  const withoutMarks = normaliseAccountName(name).normalize('NFD').replace(/\p{M}/gu, '');
  return mapEach(mapEach(withoutMarks, LATIN_LOOK_ALIKES), WITHIN_USERNAMES);
}
