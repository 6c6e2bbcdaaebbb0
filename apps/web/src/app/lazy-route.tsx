import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';

/** A route module (page or layout) exports its component as `Component`. */
export type RouteModule = { Component: ComponentType };
export type LoadRoute = () => Promise<RouteModule>;

export interface LazyRoute {
  load: LoadRoute;
  Component: ComponentType;
}

/** A route's chunk, fetched the first time the route renders (or is preloaded). */
export function lazyRoute(load: LoadRoute): LazyRoute {
  let loading: Promise<RouteModule> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { load: once, Component: lazy(() => once().then((module) => ({ default: module.Component }))) };
}

/** Renders a lazy route; nothing shows until its chunk is there (the layouts around it stay). */
export function Lazy({ route, children }: { route: LazyRoute; children?: ReactNode }) {
  const { Component } = route;
  return (
    <Suspense fallback={children ?? null}>
      <Component />
    </Suspense>
  );
}

/** An admin page: its lazy chunk and its name in the browser tab ('Vendas · Administração | PetCare'). */
export function Page({ route, title }: { route: LazyRoute; title: string }) {
  useEffect(() => {
    document.title = `${title} | PetCare`;
  }, [title]);
  return <Lazy route={route} />;
}
