import { useEffect } from 'react';

/** Brand shown in the logo and in every tab title. */
export const APP_NAME = 'Pusdienas';

/** Sets the tab title to "<title> · Pusdienas" while the page is shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
