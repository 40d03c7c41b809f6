// madge ships no types; this declares only the part scripts/check-layers.test.ts uses.
declare module 'madge' {
  interface MadgeResult {
    /** Each cycle as the files along it. */
    circular(): string[][];
  }
  /** Given a tree (file → files it imports) instead of paths, madge reads no file itself. */
  export default function madge(tree: Record<string, string[]>): Promise<MadgeResult>;
}
