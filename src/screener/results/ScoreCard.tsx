import { useI18nContext } from '../../../i18n/i18n-react';

export type LevelId = keyof ReturnType<typeof useI18nContext>['LL']['assessment']['levels'];

// Outlined, so a level is named in its colour on the card rather than shouted in a block.
const BADGE: Record<LevelId, string> = {
  normal: 'badge-success',
  minimal: 'badge-success',
  negative: 'badge-success',
  mild: 'badge-info',
  moderate: 'badge-warning',
  positive: 'badge-warning',
  moderatelySevere: 'badge-error',
  severe: 'badge-error',
  extremelySevere: 'badge-error',
};

/** One scale's result, as the score cards and the printable copy show it. */
export interface ScaleScore {
  key: string;
  title: string;
  score: number;
  max: number;
  level: LevelId;
}

export function ScoreCard({ title, score, max, level }: Omit<ScaleScore, 'key'>) {
  const { LL } = useI18nContext();
  return (
    <section className="card bg-base-100 shadow" aria-label={title}>
      <div className="card-body items-center gap-1 text-center">
        <h3 className="font-semibold">{title}</h3>
        <p>
          <span className="text-3xl font-bold">{score}</span>{' '}
          <span className="text-sm text-base-content/70">{LL.results.outOf({ max })}</span>
        </p>
        <span className={`badge badge-outline ${BADGE[level]}`}>{LL.assessment.levels[level]()}</span>
      </div>
    </section>
  );
}
