import { Component, type ReactNode, Suspense } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';

interface Props {
  /** Fetches again what failed to arrive. */
  retry: () => void;
  /** A failure the children cannot throw themselves: their texts did not load. */
  failed?: boolean;
  /** What shows while the children's code is on its way. */
  fallback?: ReactNode;
  /** It holds the page's step, whose heading is the page's title: the failure's words take its place as the title. */
  step?: boolean;
  children: ReactNode;
}

/**
 * Holds a lazily loaded part of the screener: the fallback while its code is on its way, and in
 * its place, if its code or texts failed to arrive, a button that fetches them again, so one
 * failed fetch never unmounts the visitor's screening.
 */
export class RetryBoundary extends Component<Props, { caught: boolean }> {
  state = { caught: false };

  static getDerivedStateFromError() {
    return { caught: true };
  }

  render() {
    if (!this.state.caught && !this.props.failed) {
      return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
    }
    const retry = () => {
      this.props.retry();
      this.setState({ caught: false });
    };
    return <LoadFailed onRetry={retry} step={this.props.step} />;
  }
}

function LoadFailed({ onRetry, step }: { onRetry: () => void; step?: boolean }) {
  const { LL } = useI18nContext();
  const Words = step ? 'h1' : 'p';
  return (
    <div role="alert" className="alert alert-vertical">
      <Words>{LL.screener.partFailed()}</Words>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {LL.screener.tryAgain()}
      </button>
    </div>
  );
}
