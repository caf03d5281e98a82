import { Suspense, lazy, type ComponentType } from "react";
import { LoadingText } from "./LoadingText";

/**
 * A panel screen loaded on first use: `lazyScreen(() => import("./resources/pais"), "CountryList")`. While its chunk
 * arrives the panel shows its usual loading text ("Cargando informacion").
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType<Record<string, unknown>> }));
  function LazyScreen(props: Record<string, unknown>) {
    return (
      <Suspense fallback={<LoadingText />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${name})`;
  return LazyScreen;
}
