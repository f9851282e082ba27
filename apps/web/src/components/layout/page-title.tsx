import { createContext, useContext, useEffect } from "react";

type SetPageTitle = (title: string | null) => void;

/**
 * Lets a page replace its route's static header title with one it knows only after loading
 * (spec §2: the health report is titled with the property's name). Outside the app layout the
 * setter does nothing.
 */
export const PageTitleContext = createContext<SetPageTitle>(() => {});

/** Shows `title` in the header while the calling page is mounted; null keeps the route's own. */
export function usePageTitle(title: string | null): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
