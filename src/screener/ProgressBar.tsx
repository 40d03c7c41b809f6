import { useI18nContext } from '../../i18n/i18n-react';

/** A labelled progress bar; the caption is the visible 'n of total' or 'Question n of 18'. */
export function ProgressBar({ percent, caption }: { percent: number; caption: string }) {
  const { LL } = useI18nContext();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm text-base-content/70">
        <span>{caption}</span>
        <span aria-hidden="true">{Math.round(percent)}%</span>
      </div>
      <progress
        className="progress progress-primary w-full"
        value={percent}
        max={100}
        aria-label={LL.screener.progressLabel()}
        aria-valuetext={caption}
      />
    </div>
  );
}
