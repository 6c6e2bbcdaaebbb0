import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { LoadingState } from './spinner';

export interface CardFrame {
  title: string;
  titleId: string;
}

class FailedBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/** A card starts loading this far below the fold, so a scrolling reader rarely sees it load. */
const NEAR = '0px 0px 400px 0px';

/** Whether the element is within NEAR of the viewport's bottom (or has been): true at once without IntersectionObserver. */
function useNearView() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        rootMargin: NEAR,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * A card below the fold whose code is a chunk of its own, fetched when the card comes near the
 * viewport: `const MyPackages = lazyCard(() => import('./my-packages-card').then((m) => m.MyPackagesCard), () => frame)`.
 * Until it is there the card shows its title and a loading state; if the chunk fails to load, its
 * title, a message and 'Tentar novamente' (which fetches it again).
 */
export function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>, frame: (props: P) => CardFrame) {
  // A lazy component keeps a failed load for good: a retry needs a new one.
  const create = () => lazy(() => load().then((component) => ({ default: component })));
  let Loaded = create();
  return function LazyCard(props: P) {
    const [attempt, setAttempt] = useState(0);
    const { ref, near } = useNearView();
    const { title, titleId } = frame(props);
    const retry = () => {
      Loaded = create();
      setAttempt((count) => count + 1);
    };
    const failed = (
      <Card title={title} titleId={titleId}>
        <EmptyState
          message="Não foi possível carregar esta seção."
          action={<Button onClick={retry}>Tentar novamente</Button>}
        />
      </Card>
    );
    const loading = (
      <Card title={title} titleId={titleId}>
        <div ref={ref}>
          <LoadingState />
        </div>
      </Card>
    );
    if (!near) return loading;
    return (
      <FailedBoundary key={attempt} failed={failed}>
        <Suspense fallback={loading}>
          <Loaded {...props} />
        </Suspense>
      </FailedBoundary>
    );
  };
}
