import { useEffect, useRef } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { type RouterInputs, trpc } from '../../lib/trpc';

export type InsightsRequest =
  | { test: 'dass21'; input: RouterInputs['public']['analyze'] }
  | { test: 'combined'; input: RouterInputs['public']['analyzeCombined'] };

/** The AI insights: 'Generating…' while waiting, the analysis, or the failure sentence. */
export function InsightsCard({ request }: { request: InsightsRequest }) {
  const { LL } = useI18nContext();
  const dass21 = trpc.public.analyze.useMutation();
  const combined = trpc.public.analyzeCombined.useMutation();
  const mutation = request.test === 'dass21' ? dass21 : combined;
  const requested = useRef(false);

  useEffect(() => {
    // One request per results page, even when React runs effects twice in development.
    if (requested.current) return;
    requested.current = true;
    const onError = (error: unknown) => console.error('Analysis failed', error);
    if (request.test === 'dass21') dass21.mutate(request.input, { onError });
    else combined.mutate(request.input, { onError });
  }, [request, dass21, combined]);

  return (
    <section className="card bg-base-100 shadow" aria-labelledby="insights-title" aria-busy={mutation.isPending}>
      <div className="card-body">
        <h2 id="insights-title" className="card-title">
          {LL.results.insights.title()}
        </h2>
        {mutation.isError ? (
          <p>{LL.results.insights.failed()}</p>
        ) : mutation.data ? (
          <>
            <h3 className="font-semibold">{LL.results.insights.summary()}</h3>
            <p>{mutation.data.summary}</p>
            <h3 className="font-semibold">{LL.results.insights.recommendations()}</h3>
            <ul className="list-disc pl-6">
              {mutation.data.recommendations.map((recommendation) => (
                <li key={recommendation}>{recommendation}</li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-dots loading-sm" aria-hidden="true" />
            {LL.results.insights.generating()}
          </p>
        )}
      </div>
    </section>
  );
}
