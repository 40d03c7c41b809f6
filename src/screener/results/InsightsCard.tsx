import { useQuery } from '@tanstack/react-query';
import { useI18nContext } from '../../../i18n/i18n-react';
import { type RouterInputs, trpc } from '../../lib/trpc';

export type InsightsRequest =
  | { test: 'dass21'; input: RouterInputs['public']['analyze'] }
  | { test: 'combined'; input: RouterInputs['public']['analyzeCombined'] };

/** The cache key of a screening's insights: the results page asks, the printable copy only reads. */
export const insightsQueryKey = (request: InsightsRequest) => ['insights', request] as const;

/** The AI insights: 'Generating…' while waiting, the analysis, or the failure sentence. */
export function InsightsCard({ request }: { request: InsightsRequest }) {
  const { LL } = useI18nContext();
  const { client } = trpc.useUtils();
  // The analysis is a POST, but for the page it is data about these results: a query keyed by
  // them asks once per screening (React's development double effects share it) and never
  // again for the same results. A failure is logged by the query cache.
  const analysis = useQuery({
    queryKey: insightsQueryKey(request),
    queryFn: () =>
      request.test === 'dass21' ? client.public.analyze.mutate(request.input) : client.public.analyzeCombined.mutate(request.input),
    staleTime: Infinity,
  });

  return (
    <section className="card bg-base-100 shadow" aria-labelledby="insights-title" aria-busy={analysis.isPending}>
      <div className="card-body">
        <h2 id="insights-title" className="card-title">
          {LL.results.insights.title()}
        </h2>
        {analysis.isError ? (
          <p>{LL.results.insights.failed()}</p>
        ) : analysis.data ? (
          <>
            <h3 className="font-semibold">{LL.results.insights.summary()}</h3>
            <p>{analysis.data.summary}</p>
            <h3 className="font-semibold">{LL.results.insights.recommendations()}</h3>
            <ul className="list-disc pl-6">
              {analysis.data.recommendations.map((recommendation) => (
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
