import { useSearchParams } from 'react-router-dom';
import { NewsletterUnsubscribe } from '@/features/newsletter/components/newsletter-links';

export default function NewsletterUnsubscribeRoute() {
  const [params] = useSearchParams();
  return <NewsletterUnsubscribe email={params.get('email')} list={params.get('list')} token={params.get('token')} />;
}
