export { NewsScreen as Component } from '../../features/news/components/news-screen.tsx'
