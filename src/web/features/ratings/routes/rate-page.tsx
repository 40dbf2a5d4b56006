import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ratingsApi } from '../../../components/ratings/api';
import { SavedNotice } from '../../../components/ratings/order-ratings';
import { RatingForm } from '../../../components/ratings/rating-form';
import { errorMessage } from '../../../components/ui/error-message';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /rate/:token: rate a delivered lunch from the e-mail's or push's link, without signing in, once (decision 079). */
export function Component() {
  const { t, i18n } = useTranslation('ratings');
  const { token = '' } = useParams();
  useDocumentTitle(t('pageTitle'));
  const link = useQuery({ queryKey: ['ratings', 'link', token, i18n.language], queryFn: () => ratingsApi.readLink(token), retry: false });
  const rate = useMutation({ mutationFn: (input: Parameters<typeof ratingsApi.rateLink>[1]) => ratingsApi.rateLink(token, input) });

  if (link.isPending) return <Spinner block size="lg" />;
  const data = rate.data ?? link.data;
  if (!data) {
    const gone = isApiError(link.error) && (link.error.status === 404 || link.error.status === 410);
    return (
      <section className="card rate-card" aria-labelledby="rate-title">
        <h1 id="rate-title" className="rate-card__title">
          {gone ? t('goneTitle') : t('pageTitle')}
        </h1>
        <Notice tone={gone ? 'info' : 'error'}>{errorMessage(link.error, t('loadFailed'))}</Notice>
      </section>
    );
  }
  return (
    <section className="card rate-card" aria-labelledby="rate-title">
      <h1 id="rate-title" className="rate-card__title">
        {t('cardTitle', { day: formatDate(data.day, i18n.language) })}
      </h1>
      {rate.isSuccess ? (
        <>
          <SavedNotice text={t('savedLink')} />
          <RatingForm
            data={{ ...data, open: false, lines: data.lines.filter((l) => l.rated) }}
            saving={false}
            error={null}
            onSubmit={() => undefined}
          />
        </>
      ) : (
        <RatingForm
          data={data}
          saving={rate.isPending}
          error={rate.isError ? errorMessage(rate.error, t('saveFailed')) : null}
          onSubmit={(input) => rate.mutate(input)}
        />
      )}
    </section>
  );
}
