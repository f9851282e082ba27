import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

interface PageTitleState {
  /** What a page knows only after loading (the health report's property name), or null. */
  title: string | null;
  setTitle: (title: string | null) => void;
}

/**
 * Lets a page add to its route's static title one it knows only after loading (spec §2: the
 * health report is titled with the property's name). Outside the provider nothing is kept.
 */
const PageTitleContext = createContext<PageTitleState>({ title: null, setTitle: () => {} });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  const value = useMemo(() => ({ title, setTitle }), [title]);
  return <PageTitleContext value={value}>{children}</PageTitleContext>;
}

/** Adds `title` to the page's title while the calling page is mounted; null keeps the route's. */
export function usePageTitle(title: string | null): void {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}

/** The title a page set with `usePageTitle`, or null. */
export function useLoadedPageTitle(): string | null {
  return useContext(PageTitleContext).title;
}
