import type { NewsItem } from '@app/contract'
import { useEffect } from 'react'
import { NewsIcon } from '#components/icons.tsx'
import { Page } from '#components/layout/page.tsx'
import { Badge } from '#components/ui/badge.tsx'
import { InfiniteList } from '#components/ui/infinite-list.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { formatTimestamp } from '#lib/format.ts'
import { isRtl } from '#lib/i18n.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useNews } from '../api/get-news.ts'
import { useMarkNewsSeen } from '../api/mark-news-seen.ts'
import './news.css'

/**
 * One item as a card: title, date, text. It carries its own language and direction: a Persian reader gets the
 * English text of an item without Persian, and that text reads left to right inside the right-to-left screen.
 */
function NewsCard({ item, isNew }: { item: NewsItem; isNew: boolean }) {
  const { t, i18n } = useTranslation('news')
  const titleId = `news-${item.uid}`
  return (
    <li className="section">
      <article
        className="section__body news-card"
        lang={item.lng}
        dir={isRtl(item.lng) ? 'rtl' : 'ltr'}
        aria-labelledby={titleId}
        data-testid="news-item"
      >
        <header className="news-card__header">
          <h2 className="news-card__title" id={titleId}>
            {item.title}
          </h2>
          {isNew ? (
            // The app's word inside the item's language: tagged so it is read (and shaped) as the app's language.
            <span
              className="news-card__new"
              lang={i18n.language}
              dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}
              data-testid="news-new"
            >
              <Badge tone="danger">{t('news.new')}</Badge>
            </span>
          ) : null}
        </header>
        <time className="news-card__date" dateTime={new Date(item.publishedAt * 1000).toISOString()}>
          <bdi dir="ltr">{formatTimestamp(item.publishedAt)}</bdi>
        </time>
        <p className="news-card__body">{item.body}</p>
      </article>
    </li>
  )
}

type NewsScreenProps = {
  /** How many of the newest items the user had not seen when the screen opened (the dashboard's count). */
  newCount: number
  /** Marking succeeded: what is still unseen (normally 0), for the dashboard's badge. */
  onSeen: (unseenCount: number) => void
}

/** /news: published news, newest first, page by page; opening it marks them seen. */
export function NewsScreen({ newCount, onSeen }: NewsScreenProps) {
  const { t, i18n } = useTranslation('news')
  const query = useNews(i18n.language)
  const markSeen = useMarkNewsSeen(onSeen)
  const { mutate } = markSeen
  const newest = query.data?.pages[0]?.items[0]?.uid
  // Once the newest item is on screen, and again if a newer one arrives; a failure leaves the badge for next time.
  useEffect(() => {
    if (newest !== undefined) mutate(newest)
  }, [newest, mutate])

  return (
    <Page title={t('news.title')} testId="news">
      <InfiniteList
        query={query}
        loadingText={t('news.loading')}
        loadMoreText={t('news.loadMore')}
        error={t('news.loadFailed')}
        empty={
          <div data-testid="news-empty">
            <Placeholder icon={<NewsIcon />} description={t('news.empty')} />
          </div>
        }
        sentinelTestId="news-sentinel"
      >
        {(items) => (
          <ul className="news-list" aria-label={t('news.title')}>
            {items.map((item, index) => (
              <NewsCard key={item.uid} item={item} isNew={index < newCount} />
            ))}
          </ul>
        )}
      </InfiniteList>
    </Page>
  )
}
