import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen';
import { reportFrontendError } from '../components/ui/error-boundary';

/** Router fallback (spec 8): "Unexpected Application Error!". */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    if (!isRouteErrorResponse(error)) reportFrontendError('Router', error);
  }, [error]);
  const detail = import.meta.env.DEV
    ? isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : String(error)
    : undefined;
  return <ErrorScreen kind="router" detail={detail} />;
}
