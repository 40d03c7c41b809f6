import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that are short to read but long to run: the fuzz of every procedure and route. On a fresh
 * clone vitest has no timings and starts the largest files first, so these started last and one
 * of them ran alone at the end of the phase while the other worker idled (decision 0066).
 */
const LONG_RUNNING = /[\\/]server[\\/]resilience[\\/]bad-input-[^\\/]+\.integration\.test\.ts$/;

/** vitest's order (projects one after another, then by past time or size), with the long runners of each project first. */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_RUNNING.test(file.moduleId);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((project) => {
      const own = sorted.filter((file) => file.project.name === project);
      return [...own.filter(long), ...own.filter((file) => !long(file))];
    });
  }
}
